/// One decoded rtnetlink message: the `nlmsghdr` fields and a typed payload.
///
/// Produced by ``NetlinkMessageParser``. Pure data with no platform dependency, so recorded kernel buffers can be
/// parsed and tested anywhere.
///
/// ```swift
/// for result in NetlinkMessageParser().parseMessages(datagram) {
///     if case .success(let message) = result, case .newLink(let link) = message.payload { print(link.name ?? "?") }
/// }
/// ```
///
/// A value type, `Sendable`.
public struct NetlinkMessage: Sendable, Equatable, Hashable {
    /// `nlmsg_type`: for example `RTM_NEWLINK` (16) or `NLMSG_DONE` (3).
    public var type: UInt16
    /// `nlmsg_flags`: for example `NLM_F_MULTI` (0x2) on dump parts, `NLM_F_DUMP_INTR` (0x10).
    public var flags: UInt16
    /// `nlmsg_seq`: the request's sequence number for replies, usually 0 for notifications.
    public var sequence: UInt32
    /// `nlmsg_pid`: the port the reply is addressed to, 0 for kernel notifications.
    public var portID: UInt32
    /// The decoded body.
    public var payload: Payload

    /// Creates a message.
    ///
    /// - Parameters:
    ///   - type: `nlmsg_type`.
    ///   - flags: `nlmsg_flags`.
    ///   - sequence: `nlmsg_seq`.
    ///   - portID: `nlmsg_pid`.
    ///   - payload: The decoded body.
    public init(type: UInt16, flags: UInt16 = 0, sequence: UInt32 = 0, portID: UInt32 = 0, payload: Payload) {
        self.type = type
        self.flags = flags
        self.sequence = sequence
        self.portID = portID
        self.payload = payload
    }
}
