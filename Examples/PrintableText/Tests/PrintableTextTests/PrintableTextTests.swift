import PrintableText
import Testing

/// The one escaping of the examples, scalar by scalar: every character its documentation lists
/// is written out, and the characters on either side of each listed range are kept.
@Suite struct PrintableTextTests {
    /// Each range the documentation lists, first and last scalar.
    static let escapedRanges: [ClosedRange<UInt32>] = [
        0x0000...0x001F,  // C0 controls
        0x007F...0x009F,  // DEL and the C1 controls
        0x2028...0x2028,  // line separator
        0x2029...0x2029,  // paragraph separator
        0x202A...0x202E,  // bidirectional embeddings and overrides
        0x2066...0x2069,  // bidirectional isolates
    ]

    @Test(arguments: escapedRanges.flatMap { Array($0) })
    func everyListedScalarIsWrittenOut(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let escaped = PrintableText.escaping("a" + String(Character(scalar)) + "b")

        #expect(!escaped.unicodeScalars.contains(scalar))
        #expect(escaped.hasPrefix("a\\") && escaped.hasSuffix("b"))
        #expect(escaped.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F })
    }

    /// The scalars just outside each listed range are ordinary text, and kept as they are.
    @Test(arguments: [0x0020, 0x007E, 0x00A0, 0x2027, 0x202F, 0x2065, 0x206A, 0x00E9, 0x1F600] as [UInt32])
    func theNeighboursOfEachRangeAreKept(value: UInt32) throws {
        let text = "a" + String(Character(try #require(Unicode.Scalar(value)))) + "b"

        #expect(PrintableText.escaping(text) == text)
    }

    @Test func aScalarIsWrittenAsASwiftLiteralWrites() {
        #expect(PrintableText.escaping("1\n2\r3\t4") == #"1\n2\r3\t4"#)
        #expect(PrintableText.escaping("\u{1B}[2J") == #"\u{1B}[2J"#)
        #expect(PrintableText.escaping("\u{7F}\u{85}") == #"\u{7F}\u{85}"#)
        #expect(PrintableText.escaping("x\u{2069}y") == #"x\u{2069}y"#)
        #expect(PrintableText.escaping("\u{202E}evil") == #"\u{202E}evil"#)
    }

    @Test func aHostileReplyStaysOnOneLineAndKeepsEveryOtherCharacter() {
        let reply = "boom\u{1B}]0;owned\u{7}\r\nChecked in at 09:00 ✓ — Grüße, 日本語 🙂\u{2028}"
        let escaped = PrintableText.escaping(reply)

        #expect(!escaped.contains("\n") && !escaped.contains("\r"))
        #expect(escaped == #"boom\u{1B}]0;owned\u{7}\r\nChecked in at 09:00 ✓ — Grüße, 日本語 🙂\u{2028}"#)
    }
}
