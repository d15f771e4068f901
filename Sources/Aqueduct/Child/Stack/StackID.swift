/// The id of an entry of a ``ChildStack``: given by the stack when the entry is pushed, never by
/// the app, and never given twice by the same stack — an entry pushed after another was popped
/// has a new id, so nothing meant for the popped one reaches it.
///
/// ```swift
/// var stack = ChildStack<String>()
/// for name in ["a", "b", "c", "d"] { stack.push(name) }
/// // …
/// #expect(stack[id: StackID(0)] == "a")
/// ```
///
/// Ids grow in push order, so a stack's ids are in increasing order from bottom to top.
public struct StackID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position of the push that created the entry among the stack's pushes, from 0.
    public let rawValue: Int

    /// Creates the id of the entry created by push number `rawValue`: for tests and for
    /// actions that name an entry; a stack makes its own.
    ///
    /// - Parameter rawValue: The push's position, from 0.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Orders ids as their entries were pushed.
    public static func < (lhs: StackID, rhs: StackID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` and the raw value: `#3`.
    public var description: String { "#\(rawValue)" }
}
