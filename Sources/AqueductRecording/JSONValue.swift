import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON value: how an ``ActionRecord`` keeps an action's `Codable` encoding, so that a
/// recording can hold actions of any type and still hand each one back to its type's decoder.
///
/// ```swift
/// let value = try JSONValue(encoding: PlayerAction.score(points: 3))
/// // .object(["score": .object(["points": .integer(3)])])
/// let action = try value.decode(as: PlayerAction.self)
/// ```
///
/// Numbers that are whole and fit in an `Int64` decode as ``integer(_:)``, every other number
/// as ``double(_:)``, so an `Int` field comes back exact. Object members are kept by name,
/// without their order (JSON gives the order no meaning).
///
/// `JSONValue` is a value: `Sendable`, `Hashable` and `Codable` (it encodes as the JSON it
/// stands for).
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in an `Int64`.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members by name.
    case object([String: JSONValue])

    /// The JSON encoding of a value, as `JSONEncoder` writes it.
    ///
    /// ```swift
    /// let value = try JSONValue(encoding: PlayerAction.score(points: 3))
    /// ```
    ///
    /// - Parameter value: Any `Encodable` value.
    /// - Throws: The encoder's error when `value` cannot be encoded (a `Double` that is not
    ///   finite, for example).
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Decodes a value of a `Decodable` type from this JSON, the reverse of
    /// ``init(encoding:)``.
    ///
    /// ```swift
    /// let action = try recorded.value?.decode(as: PlayerAction.self)
    /// ```
    ///
    /// - Parameter type: The type to decode.
    /// - Returns: The decoded value.
    /// - Throws: The decoder's `DecodingError` when this JSON is not a `type`.
    public func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(self))
    }

    /// The JSON text of this value on one line, object members sorted by name: what the
    /// DevTools report shows.
    ///
    /// ```swift
    /// let text = JSONValue.object(["points": .integer(3)]).jsonText  // {"points":3}
    /// ```
    public var jsonText: String {
        var writer = JSONLineWriter()
        // Only a double that is not finite fails, and decoding never makes one.
        do { try writer.value(self) } catch { return "null" }
        return writer.text
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the input is not JSON.
    public init(from decoder: any Decoder) throws {
        self = try ParsedJSON(from: decoder).jsonValue
    }

    /// Encodes the JSON this value stands for.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` for a ``double(_:)`` that is not finite.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .integer(let integer):
            var single = encoder.singleValueContainer()
            try single.encode(integer)
        case .double(let double):
            var single = encoder.singleValueContainer()
            try single.encode(double)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        case .array(let array):
            var elements = encoder.unkeyedContainer()
            for element in array { try elements.encode(element) }
        case .object(let object):
            var members = encoder.container(keyedBy: MemberKey.self)
            for (name, value) in object { try members.encode(value, forKey: MemberKey(name)) }
        }
    }

    /// A member name of a JSON object.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
