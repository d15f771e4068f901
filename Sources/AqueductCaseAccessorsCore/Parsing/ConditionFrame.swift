/// Where a declaration sits in one `#if … #endif` block: which block, and which branch.
///
/// A declaration inside nested blocks has one frame per block, outermost first. The generated
/// code repeats the blocks with the same conditions, so an accessor exists exactly when its
/// case does.
///
/// ```swift
/// #if os(Linux)          // block 0, branch 0: clauses ["os(Linux)"]
/// case netlink(Int32)
/// #else                  // block 0, branch 1: clauses ["os(Linux)", nil]
/// case pathMonitor
/// #endif
/// ```
package struct ConditionFrame: Equatable, Sendable {
    /// Which block of the file, in the order the blocks start.
    package let block: Int
    /// The conditions of the branches up to and including this one; `nil` is `#else`.
    package let clauses: [String?]

    /// The branch this frame is in, 0 for the `#if` branch.
    package var branch: Int { clauses.count - 1 }

    /// A frame in branch `clauses.count - 1` of `block`.
    ///
    /// - Parameters:
    ///   - block: Which block of the file.
    ///   - clauses: The conditions up to and including the branch; `nil` for `#else`.
    package init(block: Int, clauses: [String?]) {
        self.block = block
        self.clauses = clauses
    }

    /// Whether two declarations with these frames can never both be compiled: at the first
    /// block where they differ, they are in different branches of the same block.
    ///
    /// - Parameters:
    ///   - first: The frames of one declaration, outermost first.
    ///   - second: The frames of the other.
    /// - Returns: `true` when at most one of them is compiled.
    package static func areExclusive(_ first: [ConditionFrame], _ second: [ConditionFrame]) -> Bool {
        for (one, other) in zip(first, second) where one != other {
            return one.block == other.block && one.branch != other.branch
        }
        return false
    }
}
