/// An interface address as described by `RTM_NEWADDR` / `RTM_DELADDR`: `struct ifaddrmsg` plus its attributes.
///
/// A value type, `Sendable`.
public struct NetlinkAddress: Sendable, Equatable, Hashable {
    /// `ifa_family`: 2 (`AF_INET`) or 10 (`AF_INET6`).
    public var family: UInt8
    /// `ifa_prefixlen`, for example 24.
    public var prefixLength: UInt8
    /// `ifa_flags` (`IFA_F_*`, low 8 bits).
    public var flags: UInt8
    /// `ifa_scope`: 0 universe, 253 link, 254 host.
    public var scope: UInt8
    /// `ifa_index`: the interface the address belongs to.
    public var interfaceIndex: Int32
    /// `IFA_ADDRESS`: the address bytes in network order (4 or 16 bytes), if sent.
    public var address: [UInt8]?
    /// `IFA_LOCAL`: the local address on point-to-point links, if sent.
    public var local: [UInt8]?
    /// `IFA_LABEL`: the IPv4 label, for example `"eth0:1"`, if sent.
    public var label: String?

    /// Creates an address description.
    ///
    /// - Parameters:
    ///   - family: `ifa_family`.
    ///   - prefixLength: `ifa_prefixlen`.
    ///   - flags: `ifa_flags`.
    ///   - scope: `ifa_scope`.
    ///   - interfaceIndex: `ifa_index`.
    ///   - address: `IFA_ADDRESS`.
    ///   - local: `IFA_LOCAL`.
    ///   - label: `IFA_LABEL`.
    public init(
        family: UInt8,
        prefixLength: UInt8,
        flags: UInt8 = 0,
        scope: UInt8 = 0,
        interfaceIndex: Int32,
        address: [UInt8]? = nil,
        local: [UInt8]? = nil,
        label: String? = nil
    ) {
        self.family = family
        self.prefixLength = prefixLength
        self.flags = flags
        self.scope = scope
        self.interfaceIndex = interfaceIndex
        self.address = address
        self.local = local
        self.label = label
    }
}
