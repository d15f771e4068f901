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

    /// Generated sources — lines with newlines inside, empty lines, carriage returns, unicode,
    /// no line at all — come back from JSON with the same lines: equal to what was encoded.
    @Test func generatedSourcesRoundTripThroughJSONLineForLine() throws {
        var generator = SplitMix64(seed: 0x0A0E_D0C7)
        for _ in 0..<1_000 {
            let source = SourceGenerator.source(using: &generator)
            let json = try JSONEncoder().encode(source)
            let decoded = try JSONDecoder().decode(ActionSource.self, from: json)
            #expect(decoded == source, "\(String(decoding: json, as: UTF8.self))")
            #expect(decoded.info == source.info)
            #expect(decoded.file == source.file && decoded.function == source.function && decoded.line == source.line)
        }
    }

    @Test func linesKeepTheirNewlinesAndEmptyLinesTheirPlace() throws {
        let plain = ActionSource(file: "A/B.swift", function: "f()", line: 1)
        for lines in [["a\nb"], ["a", "b"], ["", ""], [""], ["a\n", ""], ["\n"], ["é\r\n🚀", "x"]] {
            let source = lines.reduce(plain) { $0.appendingInfo($1) }
            let decoded = try JSONDecoder().decode(ActionSource.self, from: JSONEncoder().encode(source))
            #expect(decoded == source, "\(lines)")
            // Not the lines their text splits into, nor one line of all of it, unless they are.
            let joined = lines.joined(separator: "\n")
            let split = joined.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if split != lines { #expect(decoded != split.reduce(plain) { $0.appendingInfo($1) }) }
            if lines != [joined] { #expect(decoded != plain.appendingInfo(joined)) }
        }
    }

    @Test func aSourceEncodedWithoutItsLinesApartIsReadWithItsInfoSplitAtNewlines() throws {
        // As Aqueduct 1.0 wrote a source with two lines, and as it still writes lines without
        // newlines of their own.
        let json = #"{"file":"A/B.swift","function":"f()","line":1,"info":"first\n\nthird"}"#
        let decoded = try JSONDecoder().decode(ActionSource.self, from: Data(json.utf8))
        let expected = ActionSource(file: "A/B.swift", function: "f()", line: 1, info: "first")
            .appendingInfo("")
            .appendingInfo("third")
        #expect(decoded == expected)
        let written = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(expected)) as? [String: Any]
        )
        #expect(Set(written.keys) == ["file", "function", "line", "info"])
        let withNewline = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(expected.appendingInfo("a\nb")))
                as? [String: Any]
        )
        #expect(withNewline["info"] as? String == "first\n\nthird\na\nb")
        #expect(withNewline["infoLines"] as? [String] == ["first", "", "third", "a\nb"])
    }

    @Test func aLineBuiltWhenReadIsDecodedAsItsText() throws {
        let source = ActionSource(file: "A/B.swift", function: "f()", line: 1)
            .appendingInfo(deferred: { "built\nwhen read" })
        let decoded = try JSONDecoder().decode(ActionSource.self, from: JSONEncoder().encode(source))
        #expect(decoded.info == "built\nwhen read")
        #expect(decoded == ActionSource(file: "A/B.swift", function: "f()", line: 1, info: "built\nwhen read"))
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

/// SplitMix64: a small, seeded, deterministic generator, so that a generated case that fails
/// fails again.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Sources made of awkward text, for property tests of their encoding.
enum SourceGenerator {
    /// Pieces that text is made of: newlines of every kind, empty text, combining marks,
    /// emoji sequences, quotes and escapes, a NUL, a line separator.
    static let pieces = [
        "a", "Z", " ", "\n", "\r\n", "\r", "", "é", "e\u{301}", "🚀", "👩‍👩‍👧", "\t", "\"", "\\", "\u{0}",
        "日本", "\u{2028}", "Bridged from x", "/", ":",
    ]

    static func text(using generator: inout SplitMix64) -> String {
        (0..<generator.next() % 5).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
    }

    /// A source with up to four info lines, each given as text.
    static func source(using generator: inout SplitMix64) -> ActionSource {
        var source = ActionSource(
            file: "M/" + text(using: &generator) + ".swift",
            function: text(using: &generator),
            line: UInt(generator.next() % 10_000)
        )
        for _ in 0..<generator.next() % 5 { source = source.appendingInfo(text(using: &generator)) }
        return source
    }
}
