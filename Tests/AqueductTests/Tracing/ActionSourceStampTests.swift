import Testing

@testable import Aqueduct

/// The stamps a store writes on a source — its number and its cause's — are kept in 48 bits
/// each, in the padding of the source's two `StaticString`s.
@Suite struct ActionSourceStampTests {
    @Test func numbersPastThirtyTwoBitsRoundTrip() {
        var source = ActionSource(file: "Game/Input.swift", function: "tap()", line: 3)
        #expect(source.seq == nil)
        for number in [0, 1, Int(UInt32.max), Int(UInt32.max) + 1, 1 << 47, (1 << 48) - 2] {
            source._seq = number
            source._stampCause(ActionCause(seq: number, kind: .sentByEffect))
            #expect(source.seq == number)
            #expect(source.cause == ActionCause(seq: number, kind: .sentByEffect))
        }
        source._stampCause(nil)
        #expect(source.cause == nil)
    }

    @Test func stampingLeavesTheCallSiteAsItWas() {
        var source = ActionSource(file: "Game/Input.swift", function: "tap()", line: 3, info: "typed")
        source._seq = (1 << 40) + 5
        source._stampCause(ActionCause(seq: 1 << 40, kind: .bridgedFrom))
        #expect(source.file == "Game/Input.swift")
        #expect(source.function == "tap()")
        #expect(source.line == 3)
        #expect(source.info == "typed")
    }

    /// A stamped source is no larger than the four words and two string literals of its call
    /// site: the queue and the inbox move it on every dispatch.
    @Test func theStampsTakeNoSpaceOfTheirOwn() {
        #expect(MemoryLayout<ActionSource>.size <= 64)
    }
}
