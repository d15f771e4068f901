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
        // The same text lines, built another way (run-time strings, one more hop): equal.
        let strings = ActionSource(file: String("App/File.swift"), function: String("run()"), line: 3, info: "first")
        #expect(strings == first)
        #expect(strings.hashValue == first.hashValue)
        #expect(first.appendingInfo("again") == strings.appendingInfo("again"))
        #expect(first.appendingInfo("again") != strings.appendingInfo("other"))
    }

    @Test func aLineBuiltWhenReadEqualsOnlyItselfAndComparingNeverBuildsIt() {
        let builds = EventLog()
        let plain = ActionSource(file: "App/File.swift", function: "run()", line: 3)
        let deferred = plain.appendingInfo(deferred: {
            builds.record("built")
            return "first"
        })
        let copy = deferred
        #expect(deferred == copy)
        #expect(deferred.appendingInfo("later") == copy.appendingInfo("later"))
        // Another derivation that reads the same: not the same line.
        #expect(deferred != plain.appendingInfo("first"))
        #expect(deferred != plain.appendingInfo(deferred: { "first" }))
        #expect(deferred.hashValue == copy.hashValue)
        #expect(Set([deferred, copy, plain]).count == 2)
        #expect(builds.all.isEmpty)
        #expect(deferred.info == "first")
        #expect(builds.all == ["built"])
    }

    @Test func hashingCombinesTheCallSiteOnly() {
        // Equal sources must hash alike, whatever their lines are made of; unequal ones may too.
        let plain = ActionSource(file: "App/File.swift", function: "run()", line: 3)
        #expect(plain.appendingInfo("a").hashValue == plain.appendingInfo(deferred: { "b" }).hashValue)
        #expect(plain.hashValue != ActionSource(file: "App/File.swift", function: "run()", line: 4).hashValue)
        #expect(plain.hashValue != ActionSource(file: "App/File.swift", function: "go()", line: 3).hashValue)
    }

    @Test func topLevelCodeIsNamedSoAndNotAfterItsModule() {
        // At the top level of `main.swift`, `#function` is the module's name.
        let topLevel = ActionSource(file: "PomodoroApp/main.swift", function: "PomodoroApp", line: 12)
        #expect(topLevel.function == "top-level code")
        #expect(topLevel.description == "PomodoroApp/main.swift:12 in top-level code")
        let method = ActionSource(file: "PomodoroApp/main.swift", function: "start()", line: 12)
        #expect(method.function == "start()")
        let property = ActionSource(file: "App/Timer.swift", function: "pomodoroApp", line: 3)
        #expect(property.function == "pomodoroApp")
        // Decoded from a recording, it is the same source.
        let named = ActionSource(file: "PomodoroApp/main.swift", function: "top-level code", line: 12)
        #expect(named == topLevel)
        #expect(named.hashValue == topLevel.hashValue)
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
        // Equal only to itself: the deferred line is compared as the line it is, never built.
        #expect(source != ActionSource(file: "A/B.swift", function: "f()", line: 1, info: "given\ndeferred\nlast"))
        #expect(builds.all == ["built"])
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
