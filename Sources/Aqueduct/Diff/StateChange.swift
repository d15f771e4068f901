/// One part that differs between two values of the same type: where it is, and what it was and
/// what it became, described for people.
///
/// `StateDiff` makes these; the logger prints each as a line `items[1].title: "a" → "b"`, the
/// test store puts them in its failure messages, and a recorder can write them as
/// `{"path": …, "before": …, "after": …}`. `package` access: not API.
package struct StateChange: Hashable, Sendable, CustomStringConvertible {
    /// One step from a value into a part of it.
    package enum Step: Hashable, Sendable {
        /// A stored property of a struct or class, or a tuple element (its label, or its position
        /// when it has none). Written `.name`.
        case property(String)
        /// The associated values of an enum case, when both values are that case. Written `.name`.
        case enumCase(String)
        /// An element of an ordered collection, by position. Written `[3]`.
        case index(Int)
        /// A dictionary entry, by its key as ``StateDiff/describe(_:)`` writes it. Written `["b"]`.
        case key(String)
    }

    /// The steps from the compared values to this part; empty when the values themselves are
    /// the part that differs (two different enum cases, two numbers).
    package var path: [Step]
    /// The part before, described; `nil` when it did not exist (an element added to a collection).
    package var before: String?
    /// The part after, described; `nil` when it no longer exists (an element removed).
    package var after: String?

    package init(path: [Step], before: String?, after: String?) {
        self.path = path
        self.before = before
        self.after = after
    }

    /// The path as Swift would write it from the compared value, without the leading dot:
    /// `items[1].title`, `status.loaded.count`, `tags["b"]`; empty for the values themselves.
    package var pathDescription: String {
        var text = ""
        for step in path {
            switch step {
            case .property(let name), .enumCase(let name):
                if !text.isEmpty { text += "." }
                text += name
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                text += "[\(key)]"
            }
        }
        return text
    }

    /// `path: before → after`, or `before → after` when the path is empty; a part that did not
    /// exist reads `(none)`.
    package var description: String {
        let change = "\(before ?? "(none)") → \(after ?? "(none)")"
        let path = pathDescription
        return path.isEmpty ? change : "\(path): \(change)"
    }
}
