/// A problem the generator reports instead of writing an accessor it is not sure of.
///
/// Printed as `path:line: error: message`, the form compilers use, so terminals and editors
/// link it to the line.
///
/// ```swift
/// Diagnostic(
///     line: 3,
///     message: "case empty() has an empty payload `()`; write `case empty` without parentheses"
/// )
/// ```
package struct Diagnostic: Error, Equatable, Sendable {
    /// The 1-based line the problem is on.
    package let line: Int
    /// What is wrong and what to do, naming the construct.
    package let message: String

    /// A problem at `line`.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - message: What is wrong and what to do.
    package init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `path:line: error: message`.
    ///
    /// - Parameter path: The file, as it should be shown.
    /// - Returns: The line to print.
    package func formatted(path: String) -> String {
        "\(path):\(line): error: \(message)"
    }
}
