/// What the report does to text before it goes into the page, so that nothing from a
/// recording — which may hold any text at all — can become markup or script.
enum HTMLEscaping {
    /// Text for an element's content or a quoted attribute value: `&`, `<`, `>`, `"` and `'`
    /// become character references.
    static func text(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// JSON text for the inside of a `<script type="application/json">` element.
    ///
    /// The HTML parser ends a script element at the first `</script`, and `<!--` changes how it
    /// looks for that end; neither can happen with no `<` in the text. Every `<`, `>` and `&`
    /// is therefore written as a JSON escape (`\u003c`…): in JSON they can only occur inside
    /// strings, where the escape means the same character, so `JSON.parse` reads the same
    /// value. U+2028 and U+2029 are escaped too, for readers that take the text for script.
    ///
    /// - Parameter json: UTF-8 JSON text.
    /// - Returns: The same JSON with no `<`, `>`, `&`, U+2028 or U+2029 byte sequence in it.
    static func scriptData(_ json: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(json.count + json.count / 64)
        var index = 0
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "<"): escaped += Array(#"\u003c"#.utf8)
            case UInt8(ascii: ">"): escaped += Array(#"\u003e"#.utf8)
            case UInt8(ascii: "&"): escaped += Array(#"\u0026"#.utf8)
            case 0xE2
            where index + 2 < json.count && json[index + 1] == 0x80
                && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                escaped += Array((json[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 2
            default: escaped.append(byte)
            }
            index += 1
        }
        return escaped
    }
}
