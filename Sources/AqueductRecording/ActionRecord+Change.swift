import Aqueduct

extension ActionRecord {
    /// One part of the state an action changed: where, and its text before and after.
    ///
    /// The path is written as Swift would write it from the state, without the leading dot —
    /// `items[1].title`, `status.loaded.count`, `tags["b"]` — and is empty when the whole state
    /// is the part that changed. `before` is `nil` when the part did not exist (an element
    /// added to a collection), `after` when it no longer exists (an element removed); the
    /// value `nil` of an optional is the text `"nil"`. A member added to or removed from a set
    /// is a change of the set's own path with no `before` or no `after`.
    ///
    /// ```swift
    /// let change = ActionRecord.Change(path: "items[1].title", before: "\"Milk\"", after: "\"Bread\"")
    /// let line = change.description  // items[1].title: "Milk" → "Bread"
    /// ```
    ///
    /// Recorded as `{"path": "…", "before": "…" or null, "after": "…" or null}`.
    public struct Change: Hashable, Sendable, Codable, CustomStringConvertible {
        /// Where the part is, from the state: `items[1].title`; empty for the whole state.
        public var path: String
        /// The part before, described; `nil` when it did not exist.
        public var before: String?
        /// The part after, described; `nil` when it no longer exists.
        public var after: String?

        /// Creates a change.
        ///
        /// - Parameters:
        ///   - path: Where the part is, from the state.
        ///   - before: The part before, or `nil` when it did not exist.
        ///   - after: The part after, or `nil` when it no longer exists.
        public init(path: String, before: String?, after: String?) {
            self.path = path
            self.before = before
            self.after = after
        }

        /// `path: before → after`, or `before → after` for the whole state; a part that did
        /// not exist reads `(none)`.
        public var description: String {
            let change = "\(before ?? "(none)") → \(after ?? "(none)")"
            return path.isEmpty ? change : "\(path): \(change)"
        }

        private enum CodingKeys: String, CodingKey {
            case path, before, after
        }

        /// Decodes a change; an absent or `null` side is a part that did not exist.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` when a field is missing or of the wrong type.
        public init(from decoder: any Decoder) throws {
            self = try RecordFields.decode(from: decoder) { value throws(RecordFields.Failure) in
                try Change(fields: RecordFields(value))
            }
        }

        /// A change from the members of its object.
        init(fields: RecordFields) throws(RecordFields.Failure) {
            self.init(
                path: try fields.string("path"),
                before: try fields.optionalString("before"),
                after: try fields.optionalString("after")
            )
        }

        /// Encodes the change, writing an absent side as `null` rather than leaving it out.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: The encoder's errors.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
        }
    }
}
