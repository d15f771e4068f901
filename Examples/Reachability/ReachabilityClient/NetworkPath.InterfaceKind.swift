extension NetworkPath {
    /// The kind of interface that carries a ``NetworkPath``.
    ///
    /// On Linux the netlink adapter classifies interfaces from sysfs (`wireless/`, `DEVTYPE`, `type`) and falls back
    /// to the netlink link type when sysfs belongs to another network namespace.
    ///
    /// A value type, `Sendable`.
    public enum InterfaceKind: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// Ethernet, physical or virtual (veth, bridges, bonds).
        case wired
        /// Wi-Fi.
        case wifi
        /// Cellular: WWAN modems and PPP / raw-IP links.
        case cellular
        /// The loopback interface.
        case loopback
        /// Anything else: tunnels, VPNs, unknown link types.
        case other

        /// The lowercase case name: `wired`, `wifi`, `cellular`, `loopback`, `other`.
        public var description: String {
            switch self {
            case .wired: "wired"
            case .wifi: "wifi"
            case .cellular: "cellular"
            case .loopback: "loopback"
            case .other: "other"
            }
        }
    }
}
