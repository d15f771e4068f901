/// Text from outside — a server's message, a row read from a damaged file, a line typed at the
/// terminal — made safe to print: the one escaping function of the examples.
///
/// A terminal obeys the control characters in what it prints: `ESC [ 2 J` clears the screen,
/// `ESC ] 0 ;` retitles the window, a carriage return or a line feed lets a hostile reply draw a
/// line of its own ("Checked in at …") under the app's. So every control character is written
/// out as Swift writes it in a string literal — `\n`, `\r`, `\t`, `\u{1B}` — and the text stays
/// on one line:
///
/// - the C0 and C1 controls and DEL (Unicode category Cc);
/// - the line and paragraph separators (Zl, Zp), which some terminals break lines at;
/// - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
///   reorder what is shown.
///
/// Everything else, letters of any script and emoji included, is kept as it is.
///
/// ```swift
/// PrintableText.escaping("boom\u{1B}[2J\nChecked in")   // "boom\u{1B}[2J\nChecked in", escaped
/// ```
///
/// A namespace; its function is pure and may be called from any isolation.
public enum PrintableText {
    /// `text` with every control character escaped, on one line.
    ///
    /// - Parameter text: Text from outside the program.
    /// - Returns: The text, safe to print on a terminal or in a log.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaping(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += escaped(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
