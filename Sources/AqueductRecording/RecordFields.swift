import Aqueduct

/// The members of one JSON object of a recording line, read with the check each field needs:
/// the one place that turns a parsed line into a record, for the reader of files and for
/// `Codable` alike, so that both accept the same lines and say the same thing about the others.
///
/// Every failure is a sentence naming the field: "field `seq` is missing", "field
/// `source.line` is not a whole number", "field `seq`: seq is -1; it must be 0 or more".
struct RecordFields {
    /// Why a line is not a record.
    struct Failure: Error, CustomStringConvertible {
        let reason: String

        var description: String { reason }
    }

    private let members: [(name: String, value: ParsedJSON)]
    /// The path of this object from the line, with a trailing dot (`source.`), or empty.
    private let path: String

    /// The members of `value`, which must be an object.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - path: Its path from the line, for messages; empty for the line itself.
    init(_ value: ParsedJSON, path: String = "") throws(Failure) {
        guard case .object(let members) = value else {
            throw Failure(reason: path.isEmpty ? "not a JSON object" : "field `\(path)` is not an object")
        }
        self.members = members
        self.path = path.isEmpty ? "" : path + "."
    }

    func field(_ name: String) -> String { "field `\(path)\(name)`" }

    /// A failure of the field `name`: `field `name`: reason`.
    func failure(_ name: String, _ reason: String) -> Failure {
        Failure(reason: "\(field(name)): \(reason)")
    }

    func contains(_ name: String) -> Bool { member(name) != nil }

    /// The member `name` as written, `null` included; `nil` when absent. The last of a name
    /// written twice.
    func member(_ name: String) -> ParsedJSON? {
        var index = members.count - 1
        while index >= 0 {
            if members[index].name == name { return members[index].value }
            index -= 1
        }
        return nil
    }

    /// The member `name`, `nil` when absent or `null`.
    func optional(_ name: String) -> ParsedJSON? {
        guard let value = member(name) else { return nil }
        if case .null = value { return nil }
        return value
    }

    func required(_ name: String, _ expected: String) throws(Failure) -> ParsedJSON {
        guard let value = member(name) else { throw Failure(reason: "\(field(name)) is missing") }
        if case .null = value { throw Failure(reason: "\(field(name)) is null; expected \(expected)") }
        return value
    }

    func object(_ name: String) throws(Failure) -> RecordFields {
        try RecordFields(try required(name, "an object"), path: path + name)
    }

    func string(_ name: String) throws(Failure) -> String {
        guard case .string(let text) = try required(name, "a string") else {
            throw Failure(reason: "\(field(name)) is not a string")
        }
        return text
    }

    func optionalString(_ name: String) throws(Failure) -> String? {
        guard let value = optional(name) else { return nil }
        guard case .string(let text) = value else { throw Failure(reason: "\(field(name)) is not a string") }
        return text
    }

    func integer<Number: FixedWidthInteger>(
        _ name: String,
        as type: Number.Type = Number.self
    ) throws(Failure) -> Number {
        guard let number = Self.integer(try required(name, "a whole number"), as: type) else {
            throw Failure(reason: "\(field(name)) is not a whole number")
        }
        return number
    }

    func optionalInteger<Number: FixedWidthInteger>(
        _ name: String,
        as type: Number.Type = Number.self
    ) throws(Failure) -> Number? {
        guard let value = optional(name) else { return nil }
        guard let number = Self.integer(value, as: type) else {
            throw Failure(reason: "\(field(name)) is not a whole number")
        }
        return number
    }

    func optionalBool(_ name: String) throws(Failure) -> Bool? {
        guard let value = optional(name) else { return nil }
        guard case .bool(let flag) = value else { throw Failure(reason: "\(field(name)) is not true or false") }
        return flag
    }

    func array(_ name: String) throws(Failure) -> [ParsedJSON] {
        guard case .array(let elements) = try required(name, "an array") else {
            throw Failure(reason: "\(field(name)) is not an array")
        }
        return elements
    }

    func optionalArray(_ name: String) throws(Failure) -> [ParsedJSON]? {
        guard let value = optional(name) else { return nil }
        guard case .array(let elements) = value else { throw Failure(reason: "\(field(name)) is not an array") }
        return elements
    }

    /// The path of element `index` of the array `name`, for ``init(_:path:)``.
    func elementPath(_ name: String, _ index: Int) -> String { "\(path)\(name)[\(index)]" }

    /// A whole number of `type`, written as one: `3`, not `3.0`, `"3"` or `1e3`.
    private static func integer<Number: FixedWidthInteger>(_ value: ParsedJSON, as type: Number.Type) -> Number? {
        guard case .number(let text) = value else { return nil }
        return Number(text)
    }
}

extension RecordFields {
    /// Reads a value of a recording through `Codable` with the same checks as the reader of
    /// files: the decoder's JSON as a ``ParsedJSON``, then `make`; a failure becomes
    /// `DecodingError.dataCorrupted` with its sentence.
    static func decode<Value>(
        from decoder: any Decoder,
        _ make: (ParsedJSON) throws(Failure) -> Value
    ) throws -> Value {
        let parsed = try ParsedJSON(from: decoder)
        do {
            return try make(parsed)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.reason)
            )
        }
    }
}

extension ParsedJSON: Decodable {
    /// Decodes any JSON value through `Codable`, a number as exactly as the decoder gives it:
    /// a whole number as an `Int64` or a `UInt64`, any other as a `Double`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the input is not JSON.
    init(from decoder: any Decoder) throws {
        if var elements = try? decoder.unkeyedContainer() {
            var array: [ParsedJSON] = []
            while !elements.isAtEnd { array.append(try elements.decode(ParsedJSON.self)) }
            self = .array(array)
            return
        }
        if let members = try? decoder.container(keyedBy: MemberKey.self) {
            var object: [(name: String, value: ParsedJSON)] = []
            for key in members.allKeys {
                object.append((key.stringValue, try members.decode(ParsedJSON.self, forKey: key)))
            }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? single.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let double = try? single.decode(Double.self) {
            self = .number("\(double)")
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
