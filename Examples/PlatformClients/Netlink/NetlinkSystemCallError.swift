/// A system call the netlink client needed failed: which one, and its `errno`. A `Sendable`
/// value; adapters map it to their own domain error.
///
/// ```swift
/// do { _ = try NetlinkSocket.openRoute() } catch { print(error) }   // socket(AF_NETLINK) failed with errno 97
/// ```
package struct NetlinkSystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call, as `socket(AF_NETLINK)` or `bind(NETLINK_ROUTE)`.
    package var operation: String
    /// Its `errno`.
    package var code: Int32

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - operation: The call.
    ///   - code: Its `errno`.
    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// "`operation` failed with errno `code`".
    package var description: String { "\(operation) failed with errno \(code)" }
}
