/// A network link (interface) as described by `RTM_NEWLINK` / `RTM_DELLINK`: `struct ifinfomsg` plus the attributes
/// the monitor needs.
///
/// A value type, `Sendable`.
public struct NetlinkLink: Sendable, Equatable, Hashable {
    /// `ifi_index`: the interface index, unique within a network namespace.
    public var index: Int32
    /// `IFLA_IFNAME`, for example `"eth0"`.
    public var name: String?
    /// `ifi_flags`: `IFF_UP` (0x1), `IFF_LOOPBACK` (0x8), `IFF_RUNNING` (0x40), `IFF_LOWER_UP` (0x10000)…
    public var flags: UInt32
    /// `ifi_type`: the `ARPHRD_*` link type, for example 1 (Ethernet), 772 (loopback), 512 (PPP).
    public var type: UInt16
    /// `IFLA_OPERSTATE`: the RFC 2863 operational state (0 unknown, 2 down, 6 up…), if sent.
    public var operationalState: UInt8?
    /// `IFLA_LINKINFO` / `IFLA_INFO_KIND`: the driver kind of virtual links (`"veth"`, `"bridge"`, `"wireguard"`).
    public var kind: String?

    /// Creates a link description.
    ///
    /// - Parameters:
    ///   - index: `ifi_index`.
    ///   - name: `IFLA_IFNAME`.
    ///   - flags: `ifi_flags`.
    ///   - type: `ifi_type`.
    ///   - operationalState: `IFLA_OPERSTATE`.
    ///   - kind: `IFLA_INFO_KIND`.
    public init(
        index: Int32,
        name: String? = nil,
        flags: UInt32 = 0,
        type: UInt16 = 1,
        operationalState: UInt8? = nil,
        kind: String? = nil
    ) {
        self.index = index
        self.name = name
        self.flags = flags
        self.type = type
        self.operationalState = operationalState
        self.kind = kind
    }

    /// Whether the link is administratively up (`IFF_UP`).
    public var isUp: Bool { flags & NetlinkConstants.IFF_UP != 0 }

    /// Whether the link has carrier (`IFF_RUNNING`).
    public var isRunning: Bool { flags & NetlinkConstants.IFF_RUNNING != 0 }

    /// Whether this is a loopback link (`IFF_LOOPBACK` or type 772).
    public var isLoopback: Bool {
        flags & NetlinkConstants.IFF_LOOPBACK != 0 || type == NetlinkConstants.ARPHRD_LOOPBACK
    }

    /// Whether the link can carry traffic: up, running, and operationally up or unknown (virtual links without
    /// carrier detection report unknown).
    public var canCarryTraffic: Bool {
        guard isUp, isRunning else { return false }
        guard let operationalState else { return true }
        return operationalState == NetlinkConstants.IF_OPER_UP || operationalState == NetlinkConstants.IF_OPER_UNKNOWN
    }
}
