/// Encodes the dump requests a netlink client sends: an `nlmsghdr` with `NLM_F_REQUEST | NLM_F_DUMP` followed by a zeroed
/// family header (`ifinfomsg`, `ifaddrmsg` or `rtmsg`) asking for every family.
package enum NetlinkRequest {
    /// What to dump.
    package enum Dump: Sendable, Equatable, Hashable {
        case links, addresses, routes

        package var messageType: UInt16 {
            switch self {
            case .links: NetlinkConstants.RTM_GETLINK
            case .addresses: NetlinkConstants.RTM_GETADDR
            case .routes: NetlinkConstants.RTM_GETROUTE
            }
        }

        package var bodySize: Int {
            switch self {
            case .links: NetlinkConstants.linkHeaderSize
            case .addresses: NetlinkConstants.addressHeaderSize
            case .routes: NetlinkConstants.routeHeaderSize
            }
        }
    }

    /// The bytes of a dump request for `dump` with sequence number `sequence`.
    package static func dump(_ dump: Dump, sequence: UInt32) -> [UInt8] {
        let length = NetlinkConstants.messageHeaderSize + dump.bodySize
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        append(UInt32(length), to: &bytes)
        append(dump.messageType, to: &bytes)
        append(NetlinkConstants.NLM_F_REQUEST | NetlinkConstants.NLM_F_DUMP, to: &bytes)
        append(sequence, to: &bytes)
        append(UInt32(0), to: &bytes)  // nlmsg_pid: the kernel fills in our port
        bytes.append(contentsOf: repeatElement(0, count: dump.bodySize))  // family AF_UNSPEC, everything else 0
        return bytes
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }  // host order, as netlink expects
    }
}
