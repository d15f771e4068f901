import Aqueduct

extension ActionRecord {
    /// A recorded action: its description, and its `Codable` encoding when it has one.
    ///
    /// The description is what people read (module names removed, as `ActionDescription`
    /// writes it); the value is what a program reads back — replaying a recording decodes it
    /// into the app's action type with ``JSONValue/decode(as:)``.
    ///
    /// ```swift
    /// let recorded = ActionRecord.Action(PlayerAction.score(points: 3))
    /// let description = recorded.description  // "score(points: 3)"
    /// let value = recorded.value  // .object(["score": .object(["points": .integer(3)])])
    /// ```
    ///
    /// Recorded as `"action": {"description": "…", "value": …}`; `value` is left out when the
    /// action is not `Encodable` (a present `"value": null` is an action that encodes as
    /// `null`).
    public struct Action: Hashable, Sendable, CustomStringConvertible {
        /// The action's description, module names removed: `score(points: 3)`.
        public var description: String
        /// The action's encoding, or `nil` when it is not `Encodable` (or failed to encode).
        public var value: JSONValue?

        /// Records an action: its description, and its encoding when it is `Encodable`.
        ///
        /// An `Encodable` action whose encoding fails (a `Double` that is not finite) is
        /// recorded by its description alone.
        ///
        /// - Parameter action: The action.
        public init(_ action: some Any) {
            self.description = ActionDescription.describe(action)
            self.value = Self.encoding(of: action)
        }

        /// An action's encoding when it is `Encodable` and encodes; `nil` otherwise.
        internal static func encoding(of action: some Any) -> JSONValue? {
            (action as? any Encodable).flatMap { try? JSONValue(encoding: $0) }
        }

        /// Creates a recorded action from its parts, as a recording holds them.
        ///
        /// - Parameters:
        ///   - description: The action's description.
        ///   - value: Its encoding, or `nil`.
        public init(description: String, value: JSONValue?) {
            self.description = description
            self.value = value
        }
    }
}
