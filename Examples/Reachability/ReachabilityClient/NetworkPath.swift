/// A snapshot of the network path a monitor observes: whether the device can reach the network, through which kind
/// of interface, and at what cost.
///
/// Adapters (netlink on Linux, `NWPathMonitor` on Apple platforms, ``ManualPathMonitor`` in tests) translate their
/// backend's view into this value; features only ever see ``NetworkPath`` and the ``ReachabilityEvent``s that
/// ``ReachabilityTransition`` derives from two of them.
///
/// A disconnected path carries no interface and is neither expensive nor constrained; use ``disconnected``.
///
/// ```swift
/// let path = NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan0")
/// ReachabilityTransition.events(from: .disconnected, to: path)   // [.connectedToWifi]
/// ```
///
/// A value type, `Sendable`; use it from any isolation.
public struct NetworkPath: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Whether the path can carry traffic.
    public var status: Status
    /// The kind of the interface that carries the default route, or `nil` when disconnected.
    public var interfaceKind: InterfaceKind?
    /// The backend's name for that interface (`"eth0"`, `"en0"`), when the backend knows it.
    public var interfaceName: String?
    /// Whether traffic on this path costs money or data allowance (cellular, tethering).
    public var isExpensive: Bool
    /// Whether the path is in a data-saving (constrained) mode.
    public var isConstrained: Bool

    /// Creates a path.
    ///
    /// - Parameters:
    ///   - status: Whether the path can carry traffic.
    ///   - interfaceKind: The kind of interface carrying the default route; `nil` when disconnected.
    ///   - interfaceName: The interface's name, if known.
    ///   - isExpensive: Whether the path costs money or data allowance.
    ///   - isConstrained: Whether the path is in data-saving mode.
    public init(
        status: Status,
        interfaceKind: InterfaceKind? = nil,
        interfaceName: String? = nil,
        isExpensive: Bool = false,
        isConstrained: Bool = false
    ) {
        self.status = status
        self.interfaceKind = interfaceKind
        self.interfaceName = interfaceName
        self.isExpensive = isExpensive
        self.isConstrained = isConstrained
    }

    /// The path with no usable network.
    public static let disconnected = NetworkPath(status: .disconnected)

    /// One stable line, for logs and for the namespace probe:
    /// `connected wired v0 expensive=false constrained=false` or `disconnected`.
    public var description: String {
        guard status == .connected else { return "disconnected" }
        let kind = interfaceKind.map { "\($0)" } ?? "unknown"
        return "connected \(kind) \(interfaceName ?? "-") expensive=\(isExpensive) constrained=\(isConstrained)"
    }
}
