import Aqueduct
import Foundation
import Testing

@Suite struct StateDiffTests {
    struct Item: Equatable {
        var title: String
        var done = false
    }

    enum Status: Equatable {
        case idle
        case loaded(count: Int)
        case failed(String)
        case paged(Int, of: Int)
    }

    struct State: Equatable {
        var count = 0
        var items: [Item] = []
        var status = Status.idle
        var tags: [String: Int] = [:]
        var labels: Set<String> = []
        var note: String?
    }

    /// `before → after` lines, the way the logger prints them.
    static func lines(_ before: Any, _ after: Any, limit: Int = StateDiff.defaultLimit) -> [String] {
        StateDiff(from: before, to: after, limit: limit).changes.map(\.description)
    }

    // MARK: Laws

    /// Pairs of different values of one type each, for the laws.
    static func pairs() -> [(Any, Any)] {
        var changed = State()
        changed.count = 3
        changed.items = [Item(title: "Milk"), Item(title: "Eggs", done: true)]
        changed.status = .paged(2, of: 5)
        changed.tags = ["a": 1, "z": 26]
        changed.labels = ["x", "y"]
        changed.note = "hi"
        return [
            (State(), changed),
            (1, 2),
            ("a", "b"),
            (Status.idle, Status.failed("x")),
            (Status.loaded(count: 1), Status.loaded(count: 2)),
            ([1, 2, 3], [1, 5]),
            (Set([1, 2]), Set([2, 3])),
            (Optional(1) as Any, Int?.none as Any),
            (Node(value: 1), Node(value: 2)),
        ]
    }

    @Test(arguments: 0..<pairs().count)
    func aValueHasNoDifferenceWithItself(pair: Int) {
        let (before, after) = Self.pairs()[pair]
        #expect(StateDiff(from: before, to: before).isEmpty)
        #expect(StateDiff(from: after, to: after).isEmpty)
    }

    @Test(arguments: 0..<pairs().count)
    func swappingTheValuesSwapsEachChange(pair: Int) {
        let (before, after) = Self.pairs()[pair]
        let forward = StateDiff(from: before, to: after).changes
        let backward = StateDiff(from: after, to: before).changes
        #expect(!forward.isEmpty)
        #expect(
            Set(forward) == Set(backward.map { StateChange(path: $0.path, before: $0.after, after: $0.before) })
        )
    }

    @Test(arguments: 0..<pairs().count)
    func everyChangeShowsADifference(pair: Int) {
        let (before, after) = Self.pairs()[pair]
        for change in StateDiff(from: before, to: after).changes {
            #expect(change.before != change.after, "\(change)")
        }
    }

    // MARK: Structs, collections, enums

    @Test func eachChangedPartIsOneChangeAsDeepAsItGoes() {
        var before = State()
        before.count = 1
        before.items = [Item(title: "Milk"), Item(title: "Bread")]
        before.status = .loaded(count: 2)
        before.tags = ["a": 1, "b": 2, "d": 0]
        before.labels = ["kept", "dropped"]
        var after = before
        after.count = 2
        after.items[1].title = "Butter"
        after.items.append(Item(title: "Eggs", done: true))
        after.status = .loaded(count: 3)
        after.tags["b"] = 3
        after.tags["c"] = 4
        after.tags["d"] = nil
        after.labels = ["kept", "added"]
        after.note = "hi"
        #expect(
            Self.lines(before, after) == [
                "count: 1 → 2",
                "items.count: 2 → 3",
                "items[1].title: \"Bread\" → \"Butter\"",
                "items[2]: (none) → StateDiffTests.Item(title: \"Eggs\", done: true)",
                "status.loaded.count: 2 → 3",
                "tags[\"b\"]: 2 → 3",
                "tags[\"c\"]: (none) → 4",
                "tags[\"d\"]: 0 → (none)",
                "labels: \"dropped\" → (none)",
                "labels: (none) → \"added\"",
                "note: nil → \"hi\"",
            ]
        )
    }

    @Test func aChangeIsStructuredAsPathBeforeAndAfter() {
        var after = State()
        after.items = [Item(title: "Milk")]
        let changes = StateDiff(from: State(), to: after).changes
        #expect(
            changes == [
                StateChange(path: [.property("items"), .property("count")], before: "0", after: "1"),
                StateChange(
                    path: [.property("items"), .index(0)],
                    before: nil,
                    after: "StateDiffTests.Item(title: \"Milk\", done: false)"
                ),
            ]
        )
        #expect(changes.map(\.pathDescription) == ["items.count", "items[0]"])
    }

    @Test func removedElementsReadNoneAfterTheirPosition() {
        #expect(Self.lines([1, 2, 3], [1]) == ["count: 3 → 1", "[1]: 2 → (none)", "[2]: 3 → (none)"])
    }

    @Test func differentCasesAreOneLeafWithTheirPayloads() {
        #expect(
            Self.lines(Status.idle, Status.loaded(count: 1)) == [
                "StateDiffTests.Status.idle → StateDiffTests.Status.loaded(count: 1)"
            ]
        )
        var after = State()
        after.status = .failed("offline")
        #expect(
            Self.lines(State(), after) == [
                "status: StateDiffTests.Status.idle → StateDiffTests.Status.failed(\"offline\")"
            ]
        )
    }

    @Test func theSameCaseIsComparedPayloadByPayload() {
        #expect(Self.lines(Status.failed("a"), Status.failed("b")) == ["failed: \"a\" → \"b\""])
        #expect(Self.lines(Status.paged(1, of: 5), Status.paged(2, of: 6)) == ["paged.0: 1 → 2", "paged.of: 5 → 6"])
    }

    indirect enum Path: Equatable {
        case end(Int)
        case step(Path)
    }

    @Test func recursiveEnumsAreWalkedCaseByCase() {
        #expect(Self.lines(Path.step(.step(.end(1))), Path.step(.step(.end(2)))) == ["step.step.end: 1 → 2"])
        #expect(
            Self.lines(Path.step(.end(1)), Path.step(.step(.end(1)))) == [
                "step: StateDiffTests.Path.end(1) → StateDiffTests.Path.step(StateDiffTests.Path.end(1))"
            ]
        )
    }

    @Test func stringsAreQuotedAndEscaped() {
        #expect(Self.lines("Ada", "Grace\nHopper") == ["\"Ada\" → \"Grace\\nHopper\""])
    }

    // MARK: Optionals

    struct Profile: Equatable {
        var name = "Ada"
        var nickname: String?
    }

    struct Account: Equatable {
        var profile: Profile?
        var pin: Int??
    }

    @Test func optionalsAreWalkedThroughAndNilIsNil() {
        let before = Account(profile: Profile(), pin: .some(nil))
        var after = before
        after.profile?.nickname = "Amazing"
        after.pin = .some(.some(1234))
        #expect(Self.lines(before, after) == ["profile.nickname: nil → \"Amazing\"", "pin: nil → 1234"])
        #expect(
            Self.lines(after, Account()) == [
                "profile: StateDiffTests.Profile(name: \"Ada\", nickname: Optional(\"Amazing\")) → nil",
                "pin: 1234 → nil",
            ]
        )
        #expect(Self.lines(Account(pin: .some(nil)), Account(pin: nil)) == ["pin: Optional(nil) → nil"])
    }

    // MARK: Classes

    class Node: Equatable {
        var value: Int
        var next: Node?

        init(value: Int, next: Node? = nil) {
            self.value = value
            self.next = next
        }

        static func == (lhs: Node, rhs: Node) -> Bool {
            lhs === rhs
        }
    }

    final class LabelledNode: Node {
        var label = "a"
    }

    @Test func objectsAreWalkedPropertyByPropertyWithTheirSuperclasses() {
        let before = LabelledNode(value: 1)
        let after = LabelledNode(value: 2, next: Node(value: 3))
        after.label = "b"
        #expect(
            Self.lines(before, after) == [
                "value: 1 → 2",
                "next: nil → StateDiffTests.Node",
                "label: \"a\" → \"b\"",
            ]
        )
    }

    @Test func theSameObjectOnBothSidesIsNoDifference() {
        let shared = Node(value: 1)
        #expect(StateDiff(from: [shared], to: [shared]).isEmpty)
    }

    @Test func aCycleOfReferencesEnds() {
        let before = Node(value: 1)
        before.next = before
        let after = Node(value: 1)
        after.next = after
        after.value = 2
        // `next` leads back to the object itself: it is not walked again.
        #expect(Self.lines(before, after) == ["value: 1 → 2"])
    }

    // MARK: Leaves

    @Test func valuesWithTheirOwnMirrorAndDescriptionAreLeaves() {
        let before = Date(timeIntervalSinceReferenceDate: 0)
        let after = Date(timeIntervalSinceReferenceDate: 86_400)
        #expect(Self.lines(before, after) == ["2001-01-01 00:00:00 +0000 → 2001-01-02 00:00:00 +0000"])
        // The same description: the parts say what differs.
        let later = Date(timeIntervalSinceReferenceDate: 0.5)
        #expect(Self.lines(before, later) == ["timeIntervalSinceReferenceDate: 0.0 → 0.5"])
    }

    /// A leaf (a mirror with no display style) whose `==` never holds.
    struct Token: Equatable, CustomReflectable, CustomStringConvertible {
        static func == (lhs: Token, rhs: Token) -> Bool { false }
        var customMirror: Mirror { Mirror(self, children: []) }
        var description: String { "token" }
    }

    @Test func aLeafUnequalByItsOwnEqualityIsShownEvenWithTheSameText() {
        #expect(Self.lines(Token(), Token()) == ["token → token"])
    }

    struct NeverEqual: Equatable {
        var value = 1
        static func == (lhs: NeverEqual, rhs: NeverEqual) -> Bool { false }
    }

    @Test func aCustomEqualityWithNoDifferentPartHasNoChange() {
        let diff = StateDiff(from: NeverEqual(), to: NeverEqual())
        #expect(diff.changes.isEmpty)
        #expect(!diff.isTruncated)
    }

    struct Pair<Value> {
        var first: Value
        var second: Value
    }

    @Test func valuesThatAreNotEquatableAreComparedByTheirParts() {
        #expect(Self.lines(Pair(first: 1, second: 2), Pair(first: 1, second: 3)) == ["second: 2 → 3"])
    }

    // MARK: Bounds

    @Test func aHugeCollectionStopsAtTheLimit() {
        let before = Array(0..<100_000)
        let after = before.map { $0 + 1 }
        let diff = StateDiff(from: before, to: after, limit: 40)
        #expect(diff.changes.count == 40)
        #expect(diff.isTruncated)
        #expect(diff.changes.first?.description == "[0]: 0 → 1")
        #expect(diff.changes.last?.description == "[39]: 39 → 40")
    }

    @Test func aHugeAppendStartsWithTheCount() {
        let diff = StateDiff(from: [Int](), to: Array(repeating: 7, count: 1_000_000), limit: 3)
        #expect(diff.changes.map(\.description) == ["count: 0 → 1000000", "[0]: (none) → 7", "[1]: (none) → 7"])
        #expect(diff.isTruncated)
    }

    @Test func aLongDescriptionIsCut() {
        let long = String(repeating: "x", count: 5_000)
        let change = StateDiff(from: "", to: long).changes.first
        #expect(change?.after?.count == StateDiff.descriptionLimit + 1)
        #expect(change?.after?.hasSuffix("…") == true)
    }

    @Test func deepNestingIsBoundedAndStillReported() {
        let depth = StateDiff.depthLimit * 3
        let before = (0..<depth).reduce(Path.end(1)) { path, _ in .step(path) }
        let after = (0..<depth).reduce(Path.end(2)) { path, _ in .step(path) }
        let changes = StateDiff(from: before, to: after).changes
        #expect(changes.count == 1)
        #expect(changes.first?.path.count == StateDiff.depthLimit)
    }

    /// A chain that is not `Equatable`, so that nothing but the walk can tell two apart.
    indirect enum Chain {
        case end(Int)
        case link(Chain)

        static func deep(_ depth: Int, ending value: Int) -> Chain {
            (0..<depth).reduce(Chain.end(value)) { chain, _ in .link(chain) }
        }
    }

    @Test(arguments: [StateDiff.depthLimit + 1, 100, 150, 400])
    func aChangeDeeperThanTheWalkInAValueThatCannotBeComparedIsStillReported(depth: Int) throws {
        let diff = StateDiff(from: Chain.deep(depth, ending: 1), to: Chain.deep(depth, ending: 2))
        let change = try #require(diff.changes.first, "the change \(depth) levels deep was dropped")
        #expect(diff.changes.count == 1)
        #expect(change.path.count == StateDiff.depthLimit)
        // Both sides are cut, and the cut texts still show the difference.
        let before = try #require(change.before)
        let after = try #require(change.after)
        #expect(before != after)
        #expect(before.count <= StateDiff.descriptionLimit + 2 && after.count <= StateDiff.descriptionLimit + 2)
        #expect(before.contains("end(1)") && after.contains("end(2)"))
    }

    @Test func twoLongTextsThatDifferOnlyPastTheCutShowWhereTheyDiffer() throws {
        let common = String(repeating: "a", count: 3 * StateDiff.descriptionLimit)
        let change = try #require(StateDiff(from: common + "X-tail", to: common + "Y-tail").changes.first)
        #expect(change.before?.hasPrefix("…") == true && change.after?.hasPrefix("…") == true)
        #expect(change.before?.contains("X-tail") == true && change.after?.contains("Y-tail") == true)
    }

    // MARK: NaN

    struct Reading: Equatable {
        var count = 0
        var level = Double.nan
        var peak: Float? = .nan
        var samples: [Double] = [.nan, 1]
    }

    @Test func aFieldThatStaysNaNIsNoChange() {
        var after = Reading()
        after.count = 1
        let diff = StateDiff(from: Reading(), to: after)
        #expect(diff.changes.map(\.description) == ["count: 0 → 1"])
        #expect(!diff.hasUnexplainedDifference)
        #expect(StateDiff(from: Reading(), to: Reading()).isEmpty)
        #expect(!StateDiff(from: Reading(), to: Reading()).hasUnexplainedDifference)
    }

    @Test func aFieldThatBecomesOrStopsBeingNaNIsAChange() {
        var after = Reading()
        after.level = 2
        #expect(StateDiff(from: Reading(), to: after).changes.map(\.description) == ["level: nan → 2.0"])
        #expect(StateDiff(from: after, to: Reading()).changes.map(\.description) == ["level: 2.0 → nan"])
    }

    /// `==` that says two values differ when no part does: a difference the walk cannot show.
    struct AlwaysDifferent: Equatable {
        var value = 1
        static func == (lhs: Self, rhs: Self) -> Bool { false }
    }

    @Test func aCustomEqualityThatNoPartExplainsIsAnUnexplainedDifference() {
        let diff = StateDiff(from: AlwaysDifferent(), to: AlwaysDifferent())
        #expect(diff.changes.isEmpty)
        #expect(diff.hasUnexplainedDifference)
    }

    // MARK: Leaving paths out

    struct Session: Equatable {
        var token = "secret"
        var user = "ada"
    }

    struct AppState: Equatable {
        var clock = 0
        var session: Session? = Session()
        var items: [Item] = []
        var total: Int { items.count }
    }

    @Test func keyPathsOfStoredPropertiesAreDiffPaths() {
        #expect(StateDiff.path(of: \AppState.clock) == [.property("clock")])
        #expect(StateDiff.path(of: \AppState.session?.token) == [.property("session"), .property("token")])
        #expect(StateDiff.path(of: \AppState.self) == [])
        #expect(StateDiff.path(of: \Pair<Int>.second) == [.property("second")])
    }

    @Test func keyPathsThroughSubscriptsOrComputedPropertiesHaveNoDiffPath() {
        #expect(StateDiff.path(of: \AppState.total) == nil)
        #expect(StateDiff.path(of: \AppState.items[0].title) == nil)
    }

    @Test func leftOutPathsAreCountedNotListed() throws {
        var after = AppState()
        after.clock = 5
        after.session?.token = "other"
        after.session?.user = "grace"
        let leftOut = try [
            #require(StateDiff.path(of: \AppState.clock)), #require(StateDiff.path(of: \AppState.session?.token)),
        ]
        let diff = StateDiff(from: AppState(), to: after, leavingOut: leftOut)
        #expect(diff.changes.map(\.description) == ["session.user: \"ada\" → \"grace\""])
        #expect(diff.leftOutCount == 2)
    }
}
