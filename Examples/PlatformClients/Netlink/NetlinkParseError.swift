/// Why ``NetlinkMessageParser`` rejected a message.
///
/// Framing errors (``truncatedHeader(available:)``, ``invalidMessageLength(declared:available:)``) mean the rest of
/// the datagram cannot be located; the other cases concern one message whose length is sound, so the parser skips it
/// and carries on with the next one.
///
/// A value type, `Sendable`.
public enum NetlinkParseError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Fewer than 16 bytes remain where an `nlmsghdr` should start.
    case truncatedHeader(available: Int)
    /// `nlmsg_len` is shorter than a header or longer than the bytes that remain.
    case invalidMessageLength(declared: Int, available: Int)
    /// The message is too short for its fixed body (`ifinfomsg`, `ifaddrmsg`, `rtmsg`, the error code).
    case truncatedPayload(messageType: UInt16, required: Int, available: Int)
    /// An attribute header is cut off, or its `rta_len` is shorter than its header or runs past the message.
    case malformedAttribute(messageType: UInt16, offset: Int, declaredLength: Int, available: Int)
    /// An attribute has the wrong size for its type (for example a 2-byte `RTA_OIF`).
    case invalidAttributeValue(messageType: UInt16, attributeType: UInt16, length: Int)
    /// An address or route message has a family other than `AF_INET`/`AF_INET6`, or a link message one other than
    /// `AF_UNSPEC` (bridge port notifications use `AF_BRIDGE` and do not describe the link itself).
    case unsupportedFamily(messageType: UInt16, family: UInt8)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .truncatedHeader(let available):
            "netlink header truncated: \(available) bytes left, 16 needed"
        case .invalidMessageLength(let declared, let available):
            "netlink message length \(declared) is invalid: \(available) bytes left, at least 16 needed"
        case .truncatedPayload(let type, let required, let available):
            "netlink message type \(type) truncated: body needs \(required) bytes, has \(available)"
        case .malformedAttribute(let type, let offset, let declared, let available):
            "netlink message type \(type): attribute at offset \(offset) declares \(declared) bytes, \(available) left"
        case .invalidAttributeValue(let type, let attribute, let length):
            "netlink message type \(type): attribute \(attribute) has invalid length \(length)"
        case .unsupportedFamily(let type, let family):
            "netlink message type \(type): unsupported address family \(family)"
        }
    }
}
