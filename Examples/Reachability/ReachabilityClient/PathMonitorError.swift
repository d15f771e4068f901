/// Why a ``PathMonitorClient`` could not start monitoring.
///
/// Adapters map every backend failure to this domain error; no `errno` or framework error type leaks to features.
///
/// A value type, `Sendable`.
public enum PathMonitorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No monitor exists for this platform.
    case unsupportedPlatform
    /// A system call the monitor needs failed.
    ///
    /// - Parameters:
    ///   - operation: What was attempted, for example `"socket(AF_NETLINK)"`.
    ///   - code: The `errno` value the call reported.
    case systemCallFailed(operation: String, code: Int32)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unsupportedPlatform:
            "no network path monitor is available on this platform"
        case .systemCallFailed(let operation, let code):
            "network path monitor could not start: \(operation) failed with errno \(code)"
        }
    }
}
