import Aqueduct
import AqueductRecording
import Foundation
import Testing

@Suite struct JSONValueTests {
    struct Payload: Codable, Equatable {
        var id: Int64
        var ratio: Double
        var name: String
        var tags: [String]
        var nested: [String: Bool]
        var missing: Int?
    }

    static func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func everyKindOfJSONDecodes() throws {
        let value = try Self.decode(#"{"a":null,"b":true,"c":-42,"d":2.5,"e":"x","f":[1,"y"],"g":{}}"#)
        #expect(
            value
                == .object([
                    "a": .null, "b": .bool(true), "c": .integer(-42), "d": .double(2.5), "e": .string("x"),
                    "f": .array([.integer(1), .string("y")]), "g": .object([:]),
                ])
        )
    }

    @Test func largeIntegersStayExact() throws {
        #expect(try Self.decode("9223372036854775807") == .integer(.max))
        #expect(try Self.decode("-9223372036854775808") == .integer(.min))
        #expect(try Self.decode("1e300") == .double(1e300))
    }

    @Test func aValueEncodedAndDecodedIsTheSameValue() throws {
        let payload = Payload(
            id: 9_007_199_254_740_993,  // 2^53 + 1: not a Double
            ratio: 0.1,
            name: "Zoë </script>",
            tags: ["a", "b"],
            nested: ["on": true],
            missing: nil
        )
        let value = try JSONValue(encoding: payload)
        #expect(try value.decode(as: Payload.self) == payload)
        #expect(try Self.decode(value.jsonText) == value)
    }

    @Test func theJSONTextIsOneLineWithMembersInOrder() throws {
        let value = JSONValue.object(["b": .array([.integer(1)]), "a": .string("x/y\n")])
        #expect(value.jsonText == #"{"a":"x/y\n","b":[1]}"#)
    }

    /// A member's name from data is escaped as a string is (the record's own names are not
    /// scanned): the line stays one line and reads back as the same name.
    @Test func aMemberNameNeedingEscapesIsEscaped() throws {
        let value = JSONValue.object(["say \"hi\"\\\n\u{2028}\u{1}": .integer(1)])
        #expect(value.jsonText == #"{"say \"hi\"\\\n\u2028\u0001":1}"#)
        #expect(try Self.decode(value.jsonText) == value)
    }

    @Test func aNumberThatIsNotFiniteDoesNotEncode() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: Double.infinity) }
    }

    @Test func decodingTheWrongTypeThrows() throws {
        #expect(throws: DecodingError.self) { try JSONValue.string("x").decode(as: Int.self) }
    }

    @Test func deeplyNestedInputIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: DecodingError.self) { try Self.decode(deep) }
    }
}
