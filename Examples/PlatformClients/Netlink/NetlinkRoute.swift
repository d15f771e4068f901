/// A route as described by `RTM_NEWROUTE` / `RTM_DELROUTE`: `struct rtmsg` plus the attributes the monitor needs.
///
/// A value type, `Sendable`.
public struct NetlinkRoute: Sendable, Equatable, Hashable {
    /// `rtm_family`: 2 (`AF_INET`) or 10 (`AF_INET6`).
    public var family: UInt8
    /// `rtm_dst_len`: the destination prefix length; 0 for a default route.
    public var destinationLength: UInt8
    /// `rtm_tos`.
    public var tos: UInt8
    /// The routing table: `RTA_TABLE` when sent, otherwise `rtm_table` (254 main, 255 local).
    public var table: UInt32
    /// `rtm_protocol`: who installed the route (2 kernel, 3 boot, 4 static…).
    public var routingProtocol: UInt8
    /// `rtm_scope`: 0 universe, 253 link, 254 host.
    public var scope: UInt8
    /// `rtm_type`: 1 unicast, 2 local, 6 unreachable…
    public var type: UInt8
    /// `rtm_flags` (`RTM_F_*`, `RTNH_F_*`).
    public var flags: UInt32
    /// `RTA_DST`: the destination bytes in network order, absent for default routes.
    public var destination: [UInt8]?
    /// `RTA_GATEWAY`: the next hop's address bytes, if any.
    public var gateway: [UInt8]?
    /// `RTA_OIF`: the output interface index, if the route has a single next hop.
    public var outputInterface: Int32?
    /// `RTA_PRIORITY`: the metric; lower is preferred.
    public var priority: UInt32?
    /// The interface indices of the `RTA_MULTIPATH` next hops, in order; empty for single-path routes.
    public var nexthopInterfaces: [Int32]

    /// Creates a route description.
    ///
    /// - Parameters:
    ///   - family: `rtm_family`.
    ///   - destinationLength: `rtm_dst_len`.
    ///   - tos: `rtm_tos`.
    ///   - table: `RTA_TABLE` / `rtm_table`.
    ///   - routingProtocol: `rtm_protocol`.
    ///   - scope: `rtm_scope`.
    ///   - type: `rtm_type`.
    ///   - flags: `rtm_flags`.
    ///   - destination: `RTA_DST`.
    ///   - gateway: `RTA_GATEWAY`.
    ///   - outputInterface: `RTA_OIF`.
    ///   - priority: `RTA_PRIORITY`.
    ///   - nexthopInterfaces: The `RTA_MULTIPATH` next hops' interfaces.
    public init(
        family: UInt8,
        destinationLength: UInt8,
        tos: UInt8 = 0,
        table: UInt32 = 254,
        routingProtocol: UInt8 = 0,
        scope: UInt8 = 0,
        type: UInt8 = 1,
        flags: UInt32 = 0,
        destination: [UInt8]? = nil,
        gateway: [UInt8]? = nil,
        outputInterface: Int32? = nil,
        priority: UInt32? = nil,
        nexthopInterfaces: [Int32] = []
    ) {
        self.family = family
        self.destinationLength = destinationLength
        self.tos = tos
        self.table = table
        self.routingProtocol = routingProtocol
        self.scope = scope
        self.type = type
        self.flags = flags
        self.destination = destination
        self.gateway = gateway
        self.outputInterface = outputInterface
        self.priority = priority
        self.nexthopInterfaces = nexthopInterfaces
    }

    /// Whether this is a default route (`rtm_dst_len == 0`).
    public var isDefault: Bool { destinationLength == 0 }

    /// Every interface the route sends through: ``outputInterface`` then the multipath next hops.
    public var interfaces: [Int32] {
        (outputInterface.map { [$0] } ?? []) + nexthopInterfaces
    }
}
