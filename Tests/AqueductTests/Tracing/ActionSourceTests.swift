import Aqueduct
import Foundation
import Testing

@Suite struct ActionSourceTests {
    @Test func literalAndStringSourcesAreEqualAndHashAlike() {
        let literal = ActionSource(file: "App/File.swift", function: "run()", line: 3, info: "x")
        let string = ActionSource(file: String("App/File.swift"), function: String("run()"), line: 3, info: "x")
        #expect(literal == string)
        #expect(Set([literal, string]).count == 1)
        #expect(literal != ActionSource(file: "App/File.swift", function: "run()", line: 4, info: "x"))
    }

    @Test func sourcesThatDifferOnlyInInfoAreUnequalAndEqualOnesHashAlike() {
        let plain = ActionSource(file: "App/File.swift", function: "run()", line: 3)
        let first = plain.appendingInfo("first")
        let second = plain.appendingInfo("second")
        #expect(plain != first)
        #expect(first != second)
        #expect(Set([plain, first, second]).count == 3)
        // Built another way (a deferred line, run-time strings), equal: the same hash.
        let deferred = plain.appendingInfo(deferred: { "first" })
        let strings = ActionSource(file: String("App/File.swift"), function: String("run()"), line: 3, info: "first")
        for twin in [deferred, strings] {
            #expect(twin == first)
            #expect(twin.hashValue == first.hashValue)
        }
        #expect(Set([first, deferred, strings]).count == 1)
    }

    @Test func codableRoundTrip() throws {
        let source = ActionSource(info: "hello")
        let decoded = try JSONDecoder().decode(ActionSource.self, from: JSONEncoder().encode(source))
        #expect(decoded == source)
        #expect(decoded.file == "AqueductTests/ActionSourceTests.swift")
    }

    @Test func appendingInfoAddsLinesOldestFirst() {
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 1)
        let once = source.appendingInfo("first")
        let twice = once.appendingInfo("second")
        #expect(once.info == "first")
        #expect(twice.info == "first\nsecond")
        #expect(twice.file == "A/B.swift")
        #expect(twice.fileName == "B.swift")
        #expect(twice.line == 1)
    }

    @Test func deferredInfoIsBuiltOnlyWhenRead() {
        let builds = EventLog()
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 1, info: "given")
            .appendingInfo(deferred: {
                builds.record("built")
                return "deferred"
            })
            .appendingInfo("last")
        #expect(builds.all.isEmpty)
        #expect(source.info == "given\ndeferred\nlast")
        #expect(builds.all == ["built"])
        #expect(source == ActionSource(file: "A/B.swift", function: "f()", line: 1, info: "given\ndeferred\nlast"))
    }

    @Test func callSiteSourcesHaveNoInfoUntilGivenSome() {
        let plain = ActionSource()
        #expect(plain.info == nil)
        #expect(ActionSource(file: "M/F.swift", function: "g()", line: 2).info == nil)
        #expect(plain.appendingInfo("x").info == "x")
        #expect(plain.appendingInfo("x").function == "callSiteSourcesHaveNoInfoUntilGivenSome()")
    }

    enum Inner: Sendable { case ready, value(Int) }
    enum Outer: Sendable { case inner(Inner), text(String) }

    @Test func descriptionsDropModuleNames() {
        #expect(ActionDescription.describe(Outer.inner(.ready)) == "inner(ActionSourceTests.Inner.ready)")
        #expect(
            ActionDescription.stripModules("playback(Player.PlaybackEvent.didStart)")
                == "playback(PlaybackEvent.didStart)"
        )
        #expect(ActionDescription.stripModules("a(M.T(x: 1.5, y: \"Q.R.s\"))") == "a(T(x: 1.5, y: \"Q.R.s\"))")
        #expect(ActionDescription.describe(Outer.text("Keep.Dots.here")) == "text(\"Keep.Dots.here\")")
    }
}
