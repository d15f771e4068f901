import Aqueduct
import Testing

@testable import AqueductRecording

/// A recorder keeps the descriptions of the small plain actions it has described, and only
/// theirs: every record still says what `ActionDescription.describe` says of its action.
@Suite struct ActionDescriptionsTests {
    /// Plain data of at most 16 bytes, described by reflection: its descriptions are kept.
    enum Gesture: Equatable {
        case idle
        case moved(Int16)
        case scaled(Int8, Int8)
    }

    /// The same, `Encodable`.
    enum Toggle: Codable {
        case on, off
    }

    /// An action with a payload that is not plain data (a string's storage).
    enum Search {
        case query(String)
    }

    /// Plain data, but larger than 16 bytes.
    enum Wide {
        case point(Int, Int, Int)
    }

    /// Plain data that describes itself, differently each time: its descriptions are not kept.
    struct Tick: CustomStringConvertible {
        static let described = LockedValue(0)
        var description: String { "tick \(Self.described.withLock { $0 += 1; return $0 })" }
    }

    @Test func smallPlainActionsDescribedByReflectionAreKeptOthersAreNot() {
        #expect(ActionDescriptions<Gesture>().keepsDescriptions)
        #expect(ActionDescriptions<Toggle>().keepsDescriptions)
        #expect(!ActionDescriptions<Search>().keepsDescriptions)
        #expect(!ActionDescriptions<Wide>().keepsDescriptions)
        #expect(!ActionDescriptions<Tick>().keepsDescriptions)
    }

    /// Values that differ only past their first byte, or in the order of two payloads, keep
    /// descriptions of their own; a value seen again gets its own back.
    @Test func eachValueIsDescribedAsItselfSeenOnceOrAgain() {
        let descriptions = ActionDescriptions<Gesture>()
        let actions: [Gesture] = [
            .idle, .moved(1), .moved(257), .scaled(1, 2), .scaled(2, 1), .moved(-1), .moved(1), .idle, .scaled(2, 1),
        ]

        let recorded = actions.map { descriptions.record($0).description }

        #expect(recorded == actions.map { ActionDescription.describe($0) })
        #expect(Set(recorded).count == 6)
        #expect(descriptions.count == 6)
    }

    /// A type that describes itself is asked each time: its description may change.
    @Test func anActionThatDescribesItselfIsAskedEveryTime() {
        let descriptions = ActionDescriptions<Tick>()

        let first = descriptions.record(Tick()).description
        let second = descriptions.record(Tick()).description

        #expect(first != second)
    }

    /// Past the capacity, values are described every time, and still rightly.
    @Test func pastItsCapacityActionsAreStillDescribedRightly() {
        let descriptions = ActionDescriptions<Gesture>()
        let actions = (0..<Int16(ActionDescriptions<Gesture>.capacity + 50)).map { Gesture.moved($0) }

        let recorded = (actions + actions).map { descriptions.record($0).description }

        #expect(recorded == (actions + actions).map { ActionDescription.describe($0) })
        #expect(descriptions.count == ActionDescriptions<Gesture>.capacity)
    }

    /// An `Encodable` action is recorded with its encoding; one that is not, without.
    @Test func anEncodableActionKeepsItsEncoding() {
        #expect(ActionDescriptions<Toggle>().record(.on) == ActionRecord.Action(Toggle.on))
        #expect(ActionDescriptions<Toggle>().record(.on).value != nil)
        #expect(ActionDescriptions<Gesture>().record(.moved(3)) == ActionRecord.Action(Gesture.moved(3)))
        #expect(ActionDescriptions<Gesture>().record(.moved(3)).value == nil)
    }
}
