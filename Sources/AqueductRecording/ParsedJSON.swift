import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One JSON value as parsed from a recording: like ``JSONValue``, but a number keeps its
/// text, so that a whole number is read exactly whatever its size (`duration_ns` may be any
/// `UInt64`) and a field can tell a whole number from another.
enum ParsedJSON {
    case null
    case bool(Bool)
    /// A number's text, as written (valid JSON).
    case number(String)
    case string(String)
    case array([ParsedJSON])
    /// The members in the order written. A list, not a dictionary: a record's objects have a
    /// handful of members, and a list costs no hashing.
    case object([(name: String, value: ParsedJSON)])

    /// Why a text is not one JSON value: what was found, and where (a byte offset from 0).
    struct Failure: Error, CustomStringConvertible {
        let offset: Int
        let reason: String

        var description: String { "\(reason) at byte \(offset)" }
    }

    /// The most arrays and objects nested in one another that parsing accepts.
    static let depthLimit = 512

    /// Parses one JSON text (RFC 8259): a value with nothing but white space around it.
    ///
    /// The reader of recordings: a plain loop over the bytes that builds the values as it
    /// goes, about as fast in the debug build the DevTools tool runs in as in a release one (a
    /// `JSONDecoder` through `Codable` is many times slower there). Strings must be UTF-8;
    /// nesting is bounded by ``depthLimit``; of a repeated member name, the last counts.
    ///
    /// - Parameter bytes: The text, UTF-8, followed by a NUL byte that is not part of it (the
    ///   parser finds the end of a string with `strcspn`, which stops at a NUL).
    /// - Throws: ``Failure`` for anything that is not one JSON value.
    /// - Complexity: O(*n*) in the number of bytes.
    init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        precondition(bytes.last == 0, "ParsedJSON(parsing:) needs its text followed by a NUL byte")
        var parser = JSONParser(UnsafeBufferPointer(rebasing: bytes.dropLast()))
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.isAtEnd else { throw parser.error("more text after the value") }
    }

    /// The value as a ``JSONValue``: a number whose value is whole and fits in an `Int64` is an
    /// integer (`2500`, `2.5e3`), any other a double, as ``JSONValue``'s `Codable` decoding has
    /// them.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text):
            if let integer = Int64(text) {
                .integer(integer)
            } else if let double = Double(text), let integer = Int64(exactly: double) {
                .integer(integer)  // whole, written with a fraction or an exponent: 2.5e3
            } else {
                .double(Double(text) ?? .nan)
            }
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.name, $0.value.jsonValue) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

/// The state of one parse: the bytes and the position in them. Bytes are compared with
/// literals (`0x22` is `"`), which a debug build folds, where `UInt8(ascii:)` is a call.
private struct JSONParser {
    /// The text; the byte after its end is a NUL.
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// What ends the plain run of a string: a quote, a backslash, a control character (and the
    /// NUL after the text, or one inside it).
    static let stringStops: StaticString =
        "\"\\\u{01}\u{02}\u{03}\u{04}\u{05}\u{06}\u{07}\u{08}\u{09}\u{0A}\u{0B}\u{0C}\u{0D}\u{0E}\u{0F}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1A}\u{1B}\u{1C}\u{1D}\u{1E}\u{1F}"

    func error(_ reason: String) -> ParsedJSON.Failure {
        ParsedJSON.Failure(offset: position, reason: reason)
    }

    func unexpected() -> ParsedJSON.Failure {
        guard position < bytes.count else { return error("the text ends inside a value") }
        let byte = bytes[position]
        let shown =
            (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return error("unexpected \(shown)")
    }

    mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(ParsedJSON.Failure) {
        guard position < bytes.count, bytes[position] == byte else { throw unexpected() }
        position += 1
    }

    mutating func value(depth: Int) throws(ParsedJSON.Failure) -> ParsedJSON {
        guard position < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[position] {
        case 0x7B: return try object(depth: depth + 1)
        case 0x5B: return try array(depth: depth + 1)
        case 0x22: return .string(try string())
        case 0x74:
            try word("true")
            return .bool(true)
        case 0x66:
            try word("false")
            return .bool(false)
        case 0x6E:
            try word("null")
            return .null
        case 0x2D, 0x30...0x39:
            return try number()
        default:
            throw unexpected()
        }
    }

    mutating func word(_ word: StaticString) throws(ParsedJSON.Failure) {
        let count = word.utf8CodeUnitCount
        for offset in 0..<count {
            guard position < bytes.count else { throw error("the text ends inside a value") }
            guard bytes[position] == word.utf8Start[offset] else { throw unexpected() }
            position += 1
        }
    }

    mutating func object(depth: Int) throws(ParsedJSON.Failure) -> ParsedJSON {
        guard depth <= ParsedJSON.depthLimit else {
            throw error("nested deeper than \(ParsedJSON.depthLimit)")
        }
        position += 1  // {
        var members: [(name: String, value: ParsedJSON)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == 0x7D {
            position += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == 0x22 else { throw unexpected() }
            let name = try string()
            skipSpace()
            try expect(0x3A)
            skipSpace()
            members.append((name, try value(depth: depth)))
            skipSpace()
            guard position < bytes.count else { throw error("the text ends inside an object") }
            switch bytes[position] {
            case 0x2C:
                position += 1
            case 0x7D:
                position += 1
                return .object(members)
            default:
                throw unexpected()
            }
        }
    }

    mutating func array(depth: Int) throws(ParsedJSON.Failure) -> ParsedJSON {
        guard depth <= ParsedJSON.depthLimit else {
            throw error("nested deeper than \(ParsedJSON.depthLimit)")
        }
        position += 1  // [
        var elements: [ParsedJSON] = []
        skipSpace()
        if position < bytes.count, bytes[position] == 0x5D {
            position += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            guard position < bytes.count else { throw error("the text ends inside an array") }
            switch bytes[position] {
            case 0x2C:
                position += 1
            case 0x5D:
                position += 1
                return .array(elements)
            default:
                throw unexpected()
            }
        }
    }

    /// A string, from its opening quote; copied as it is when it holds no escape.
    mutating func string() throws(ParsedJSON.Failure) -> String {
        position += 1  // "
        let start = position
        // The plain run in one C call: in a debug build, a loop of Swift subscripts costs a
        // generic call a byte.
        if let base = bytes.baseAddress, position < bytes.count {
            position += Self.stringStops.utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { stops in
                (base + position).withMemoryRebound(to: CChar.self, capacity: 1) { strcspn($0, stops) }
            }
            position = min(position, bytes.count)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x22 {
                let text = try Self.text(UnsafeBufferPointer(rebasing: bytes[start..<position]), from: start)
                position += 1
                return text
            }
            if byte == 0x5C { return try escapedString(from: start) }
            if byte < 0x20 { throw error("a control character inside a string") }
            position += 1
        }
        throw error("the text ends inside a string")
    }

    /// The rest of a string that holds an escape, unescaped into a buffer.
    mutating func escapedString(from start: Int) throws(ParsedJSON.Failure) -> String {
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x22:
                position += 1
                return try buffer.withUnsafeBufferPointer { utf8 throws(ParsedJSON.Failure) in
                    try Self.text(utf8, from: start)
                }
            case 0x5C:
                position += 1
                try unescape(into: &buffer)
            default:
                if byte < 0x20 { throw error("a control character inside a string") }
                buffer.append(byte)
                position += 1
            }
        }
        throw error("the text ends inside a string")
    }

    /// One escape, after its backslash.
    mutating func unescape(into buffer: inout [UInt8]) throws(ParsedJSON.Failure) {
        guard position < bytes.count else { throw error("the text ends inside a string") }
        let escape = bytes[position]
        switch escape {
        case 0x22, 0x5C, 0x2F: buffer.append(escape)
        case 0x62: buffer.append(0x08)
        case 0x66: buffer.append(0x0C)
        case 0x6E: buffer.append(0x0A)
        case 0x72: buffer.append(0x0D)
        case 0x74: buffer.append(0x09)
        case 0x75:
            position += 1
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate: its low half must follow.
                guard position + 1 < bytes.count, bytes[position] == 0x5C,
                    bytes[position + 1] == 0x75
                else { throw error("a lone surrogate in a \\u escape") }
                position += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a lone surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
            buffer.append(contentsOf: String(Character(unicode)).utf8)
            return
        default:
            throw error("an invalid escape")
        }
        position += 1
    }

    mutating func hexQuad() throws(ParsedJSON.Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("the text ends inside a \\u escape") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x61 + 10
            case 0x41...0x46: digit = byte - 0x41 + 10
            default: throw error("an invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    static func text(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) throws(ParsedJSON.Failure) -> String {
        String(decoding: utf8, as: UTF8.self)
    }

    mutating func digits() -> Int {
        let first = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            position += 1
        }
        return position - first
    }

    mutating func number() throws(ParsedJSON.Failure) -> ParsedJSON {
        let start = position
        if bytes[position] == 0x2D { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw unexpected() }
        guard integerDigits == 1 || bytes[integerStart] != 0x30 else {
            position = integerStart + 1
            throw error("a number with a leading zero")
        }
        var isWhole = true
        if position < bytes.count, bytes[position] == 0x2E {
            position += 1
            isWhole = false
            guard digits() > 0 else { throw unexpected() }
        }
        if position < bytes.count, bytes[position] == 0x65 || bytes[position] == 0x45 {
            position += 1
            isWhole = false
            if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
                position += 1
            }
            guard digits() > 0 else { throw unexpected() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard isWhole || Double(text)?.isFinite == true else {
            throw ParsedJSON.Failure(offset: start, reason: "a number out of range")
        }
        return .number(text)
    }
}
