import Aqueduct

/// Writes JSON on one line, in the order it is told: a record's fields in the documented order
/// (`JSONEncoder` orders keys as it likes), object members of a ``JSONValue`` by name, so the
/// same record is always the same line. `package`: the DevTools report writes its data with it
/// too, many times faster than `JSONEncoder` for long arrays of numbers.
package struct JSONLineWriter {
    /// A number that JSON cannot write (infinite or not a number).
    package struct NonFiniteNumber: Error {}

    package private(set) var text = ""
    /// Whether the next member or element of the innermost object or array is its first.
    private var isFirst = true

    package init() {}

    package mutating func beginObject() {
        separate()
        text += "{"
        isFirst = true
    }

    package mutating func endObject() {
        text += "}"
        isFirst = false
    }

    package mutating func beginArray() {
        separate()
        text += "["
        isFirst = true
    }

    package mutating func endArray() {
        text += "]"
        isFirst = false
    }

    /// Writes a member's name; its value follows.
    package mutating func key(_ name: String) {
        separate()
        write(quoting: name)
        text += ":"
        isFirst = true
    }

    package mutating func null() {
        separate()
        text += "null"
    }

    package mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    package mutating func integer(_ value: some BinaryInteger) {
        separate()
        text += String(value)
    }

    /// An `Int`, without the generic call: the DevTools tool writes hundreds of thousands.
    package mutating func integer(_ value: Int) {
        separate()
        text += value.description
    }

    package mutating func double(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber() }
        separate()
        text += "\(value)"
    }

    package mutating func string(_ value: String) {
        separate()
        write(quoting: value)
    }

    package mutating func string(orNull value: String?) {
        if let value { string(value) } else { null() }
    }

    package mutating func value(_ value: JSONValue) throws(NonFiniteNumber) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let number): integer(number)
        case .double(let number): try double(number)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { try self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                try self.value(members[name]!)
            }
            endObject()
        }
    }

    private mutating func separate() {
        if !isFirst { text += "," }
        isFirst = false
    }

    /// Writes a string literal: quotes, backslashes and control characters escaped, so that
    /// the line holds no newline whatever the string does.
    private mutating func write(quoting value: String) {
        text += "\""
        defer { text += "\"" }
        if Self.needsNoEscape(value) {
            text += value
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{0}"..."\u{1F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether a string holds nothing to escape: no quote, backslash or control character, and
    /// no byte 0xE2 (which begins U+2028 and U+2029 among others). Copied whole, it then costs
    /// one append instead of one per character.
    private static func needsNoEscape(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 { return false }
                index += 1
            }
            return true
        }
    }
}
