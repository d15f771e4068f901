import Aqueduct

extension ActionRecord {
    /// A recorded `ActionSource`: the call site that dispatched the action, and the info lines
    /// of what happened to it on the way.
    ///
    /// Unlike `ActionSource`'s own `Codable` form, whose `info` is one string (with the lines
    /// apart too only when one holds a newline), a recorded source always keeps the info lines
    /// apart, so a reader (the DevTools report) can list them.
    ///
    /// ```swift
    /// let source = ActionRecord.Source(ActionSource(file: "Game/Bridges.swift", function: "bridges", line: 12))
    /// let fileName = source.actionSource.fileName  // "Bridges.swift"
    /// ```
    ///
    /// Recorded as `"source": {"file": …, "function": …, "line": …, "info": [ … ]}`.
    public struct Source: Hashable, Sendable, Codable {
        /// The file that dispatched the action, in `#fileID` form (`Module/File.swift`).
        public var file: String
        /// The function that dispatched the action.
        public var function: String
        /// The line of the dispatching call.
        public var line: UInt
        /// The source's info lines, oldest first; empty when it has none.
        public var info: [String]

        /// Creates a recorded source from its parts.
        ///
        /// - Parameters:
        ///   - file: The file, in `#fileID` form.
        ///   - function: The function.
        ///   - line: The line.
        ///   - info: The info lines, oldest first.
        public init(file: String, function: String, line: UInt, info: [String] = []) {
            self.file = file
            self.function = function
            self.line = line
            self.info = info
        }

        /// Records an action source, building each of its deferred info lines.
        ///
        /// - Parameter source: The source.
        public init(_ source: ActionSource) {
            self.init(
                file: source.file,
                function: source.function,
                line: source.line,
                info: source.infoLines
            )
        }

        /// The source as an `ActionSource` again, with the same info lines: equal to the source
        /// recorded when its lines were given as text.
        public var actionSource: ActionSource {
            ActionSource(file: file, function: function, line: line, infoLines: info)
        }

        private enum CodingKeys: String, CodingKey {
            case file, function, line, info
        }

        /// Decodes a recorded source; a missing `info` is no lines.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` when a field is missing or of the wrong type.
        public init(from decoder: any Decoder) throws {
            self = try RecordFields.decode(from: decoder) { value throws(RecordFields.Failure) in
                try Source(fields: RecordFields(value))
            }
        }

        /// A source from the members of its object.
        init(fields: RecordFields) throws(RecordFields.Failure) {
            var info: [String] = []
            for (index, line) in (try fields.optionalArray("info") ?? []).enumerated() {
                guard case .string(let text) = line else {
                    throw RecordFields.Failure(reason: "field `\(fields.elementPath("info", index))` is not a string")
                }
                info.append(text)
            }
            self.init(
                file: try fields.string("file"),
                function: try fields.string("function"),
                line: try fields.integer("line", as: UInt.self),
                info: info
            )
        }
    }
}
