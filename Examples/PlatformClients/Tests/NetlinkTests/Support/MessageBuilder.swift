/// Builds netlink messages byte by byte, in little endian (the byte order of every machine these tests run on), for
/// the cases no kernel would send: truncations, overruns, wrong sizes, unknown families.
enum MessageBuilder {
    /// The bytes of `value`, least significant first.
    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// An `nlmsghdr` followed by `body`; `length` overrides `nlmsg_len`.
    static func message(
        type: UInt16,
        flags: UInt16 = 0,
        sequence: UInt32 = 0,
        portID: UInt32 = 0,
        length: UInt32? = nil,
        body: [UInt8]
    ) -> [UInt8] {
        le(length ?? UInt32(16 + body.count)) + le(type) + le(flags) + le(sequence) + le(portID) + body
    }

    /// An `rtattr` with its value, padded to 4 bytes; `length` overrides `rta_len`.
    static func attribute(_ type: UInt16, _ value: [UInt8], length: UInt16? = nil) -> [UInt8] {
        let declared = length ?? UInt16(4 + value.count)
        let padding = (4 - value.count % 4) % 4
        return le(declared) + le(type) + value + [UInt8](repeating: 0, count: padding)
    }

    /// A NUL-terminated string value.
    static func string(_ text: String) -> [UInt8] {
        Array(text.utf8) + [0]
    }

    /// A `struct ifinfomsg`.
    static func linkHeader(family: UInt8 = 0, type: UInt16 = 1, index: Int32, flags: UInt32) -> [UInt8] {
        [family, 0] + le(type) + le(index) + le(flags) + le(UInt32(0))
    }

    /// A `struct ifaddrmsg`.
    static func addressHeader(family: UInt8 = 2, prefixLength: UInt8, index: UInt32) -> [UInt8] {
        [family, prefixLength, 0, 0] + le(index)
    }

    /// A `struct rtmsg`.
    static func routeHeader(
        family: UInt8 = 2,
        destinationLength: UInt8 = 0,
        table: UInt8 = 254,
        type: UInt8 = 1
    ) -> [UInt8] {
        [family, destinationLength, 0, 0, table, 4, 0, type] + le(UInt32(0))
    }

    /// An `RTM_NEWLINK` for an Ethernet link named `name`.
    static func newLink(index: Int32, name: String, flags: UInt32 = 0x1_0043, operationalState: UInt8 = 6) -> [UInt8] {
        message(
            type: 16,
            body: linkHeader(index: index, flags: flags)
                + attribute(3, string(name))
                + attribute(16, [operationalState])
        )
    }

    /// An IPv4 `RTM_NEWROUTE` default route through `index`.
    static func newDefaultRoute(index: Int32, metric: UInt32? = nil) -> [UInt8] {
        message(
            type: 24,
            body: routeHeader()
                + attribute(5, [10, 0, 0, 1])
                + attribute(4, le(index))
                + (metric.map { attribute(6, le($0)) } ?? [])
        )
    }
}
