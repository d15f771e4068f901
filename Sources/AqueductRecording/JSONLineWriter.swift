import Aqueduct

/// Writes JSON on one line, in the order it is told: a record's fields in the documented order
/// (`JSONEncoder` orders keys as it likes), object members of a ``JSONValue`` by name, so the
/// same record is always the same line. `package`: the DevTools report writes its data with it
/// too, many times faster than `JSONEncoder` for long arrays of numbers.
///
/// It writes UTF-8 bytes into one array, not a `String`: appending to a string costs a few
/// hundred instructions each time, appending bytes a copy. A writer made with a buffer
/// (``init(reusing:)``) writes after what the buffer holds, so that a recorder's writer
/// encodes record after record into one buffer, which keeps its capacity.
package struct JSONLineWriter {
    /// A number that JSON cannot write (infinite or not a number).
    package struct NonFiniteNumber: Error {}

    /// What was written, as UTF-8.
    package private(set) var bytes: [UInt8]
    /// Whether the next member or element of the innermost object or array is its first.
    private var isFirst = true

    /// What was written, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package init() { bytes = [] }

    /// A writer that appends to what `buffer` holds, in its capacity; take the bytes back with
    /// ``takeBytes()``.
    ///
    /// - Parameter buffer: The buffer; left empty.
    package init(reusing buffer: inout [UInt8]) {
        bytes = []
        swap(&bytes, &buffer)
    }

    /// Ends a line (one newline byte): what follows is a new value, not a member or an element
    /// of the one before.
    package mutating func endLine() {
        bytes.append(UInt8(ascii: "\n"))
        isFirst = true
    }

    /// The bytes written (and those the buffer held before), leaving the writer empty.
    package mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        isFirst = true
        return taken
    }

    /// The number of bytes the writer holds.
    package var count: Int { bytes.count }

    /// Cuts what the writer holds back to its first `count` bytes: a line that turned out too
    /// long is taken back.
    package mutating func removeBytes(after count: Int) {
        bytes.removeSubrange(count...)
        isFirst = true
    }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        isFirst = true
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        isFirst = false
    }

    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        isFirst = true
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        isFirst = false
    }

    /// Writes a member's name, one of the writer's callers' own; its value follows.
    ///
    /// Copied as it is, not scanned for bytes to escape: a record writes a dozen names a line.
    ///
    /// - Parameter name: The name: no byte below 0x20, no quote, no backslash.
    package mutating func key(_ name: StaticString) {
        name.withUTF8Buffer { name in
            assert(
                !name.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C },
                "JSONLineWriter: a key that needs escaping"
            )
            string(needingNoEscape: name)
        }
        bytes.append(UInt8(ascii: ":"))
        isFirst = true
    }

    /// Writes a member's name read from data (a ``JSONValue``'s), escaped; its value follows.
    private mutating func key(escaping name: String) {
        separate()
        write(quoting: name)
        bytes.append(UInt8(ascii: ":"))
        isFirst = true
    }

    package mutating func null() {
        separate()
        append("null")
    }

    package mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    package mutating func integer(_ value: some BinaryInteger) {
        separate()
        if let number = Int64(exactly: value) {
            writeDigits(of: number)
        } else {
            append(String(value))
        }
    }

    /// An `Int`, without the generic call: the DevTools tool writes hundreds of thousands.
    package mutating func integer(_ value: Int) {
        separate()
        writeDigits(of: Int64(value))
    }

    /// The decimal digits of `value`, with a minus sign when it is negative: what `String(value)`
    /// writes, without making the string.
    private mutating func writeDigits(of value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 20 digits hold any UInt64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    package mutating func double(_ value: Double) throws(NonFiniteNumber) {
        guard value.isFinite else { throw NonFiniteNumber() }
        separate()
        append("\(value)")
    }

    package mutating func string(_ value: String) {
        separate()
        write(quoting: value)
    }

    /// A string literal of bytes that need no escape (digits and punctuation, say: a time),
    /// copied as they are.
    ///
    /// - Parameter utf8: The string's bytes: none below 0x20, no quote, no backslash.
    package mutating func string(needingNoEscape utf8: UnsafeBufferPointer<UInt8>) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: utf8)
        bytes.append(UInt8(ascii: "\""))
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
                key(escaping: name)
                try self.value(members[name]!)
            }
            endObject()
        }
    }

    private mutating func separate() {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
    }

    /// Appends a string's UTF-8 bytes as they are.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes a string literal: quotes, backslashes and control characters escaped, so that
    /// the line holds no newline whatever the string does.
    private mutating func write(quoting value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0  // the first byte not copied yet
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                // Bytes that need no escape are copied in runs, not one by one.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                    index += 1
                    continue
                }
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other sequence from E2 is
                // copied as it is.
                if byte == 0xE2 {
                    guard index + 2 < count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                switch byte {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0xE2:
                    append(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    index += 2
                default:
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
                index += 1
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Lower-case, as `String(_:radix:)` writes them.
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
