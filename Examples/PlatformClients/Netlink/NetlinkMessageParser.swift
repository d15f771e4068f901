/// Decodes rtnetlink datagrams into ``NetlinkMessage`` values, without trusting a single length field.
///
/// The parser is pure: no system calls, no platform headers, host byte order (netlink's). It decodes links,
/// addresses, routes and the control messages (`NLMSG_DONE`, `NLMSG_ERROR`, …) and silently skips message types it
/// does not know. Malformed input never traps: it produces a ``NetlinkParseError``.
///
/// ```swift
/// let parser = NetlinkMessageParser()
/// for result in parser.parseMessages(datagram) {
///     switch result {
///     case .success(let message): table.apply(message)
///     case .failure(let error): log("skipped: \(error)")   // the next message still parses
///     }
/// }
/// ```
///
/// A stateless value, `Sendable`; use it from any isolation.
public struct NetlinkMessageParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses every message of a datagram.
    ///
    /// A message whose length is sound but whose body is malformed becomes a `.failure` and parsing continues with
    /// the next message. A framing error (bad `nlmsg_len`, truncated header) becomes a final `.failure`: the
    /// following bytes cannot be located. Unknown message types produce nothing.
    ///
    /// - Parameter bytes: One datagram as received from the socket.
    /// - Returns: One result per known message, in order.
    /// - Complexity: O(n) in the number of bytes.
    public func parseMessages(_ bytes: UnsafeRawBufferPointer) -> [Result<NetlinkMessage, NetlinkParseError>] {
        var results: [Result<NetlinkMessage, NetlinkParseError>] = []
        var offset = 0
        while offset < bytes.count {
            let remaining = UnsafeRawBufferPointer(rebasing: bytes[offset...])
            let length: Int
            do {
                length = try Self.messageLength(remaining)
            } catch {
                results.append(.failure(error))
                break
            }
            let message = UnsafeRawBufferPointer(rebasing: remaining[..<length])
            do {
                if let parsed = try parseMessage(message) {
                    results.append(.success(parsed))
                }
            } catch {
                results.append(.failure(error))
            }
            offset += NetlinkConstants.aligned(length)
        }
        return results
    }

    /// Parses every message of a datagram; see ``parseMessages(_:)-(UnsafeRawBufferPointer)``.
    ///
    /// - Parameter bytes: One datagram as received from the socket.
    /// - Returns: One result per known message, in order.
    public func parseMessages(_ bytes: [UInt8]) -> [Result<NetlinkMessage, NetlinkParseError>] {
        bytes.withUnsafeBytes { parseMessages($0) }
    }

    /// Parses the first message in `bytes` (bytes past its `nlmsg_len` are ignored).
    ///
    /// - Parameter bytes: Bytes starting with an `nlmsghdr`.
    /// - Returns: The message, or `nil` if its type is not one the parser decodes.
    /// - Throws: ``NetlinkParseError`` when the header, the body or an attribute is truncated or inconsistent, or the
    ///   family is not supported.
    public func parseMessage(_ bytes: [UInt8]) throws(NetlinkParseError) -> NetlinkMessage? {
        // `Array.withUnsafeBytes` rethrows untyped errors; carry the typed one out in a `Result`.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(NetlinkParseError) -> NetlinkMessage? in try parseMessage(buffer) }
        }
        return try result.get()
    }

    /// Parses the first message in `bytes` (bytes past its `nlmsg_len` are ignored).
    ///
    /// - Parameter bytes: Bytes starting with an `nlmsghdr`.
    /// - Returns: The message, or `nil` if its type is not one the parser decodes.
    /// - Throws: ``NetlinkParseError`` when the header, the body or an attribute is truncated or inconsistent, or the
    ///   family is not supported.
    public func parseMessage(_ bytes: UnsafeRawBufferPointer) throws(NetlinkParseError) -> NetlinkMessage? {
        let length = try Self.messageLength(bytes)
        let type = bytes.load(UInt16.self, at: 4)
        let flags = bytes.load(UInt16.self, at: 6)
        let sequence = bytes.load(UInt32.self, at: 8)
        let portID = bytes.load(UInt32.self, at: 12)
        let body = UnsafeRawBufferPointer(rebasing: bytes[NetlinkConstants.messageHeaderSize..<length])
        guard let payload = try Self.parsePayload(type: type, body: body) else { return nil }
        return NetlinkMessage(type: type, flags: flags, sequence: sequence, portID: portID, payload: payload)
    }

    // MARK: - Framing

    private static func messageLength(_ bytes: UnsafeRawBufferPointer) throws(NetlinkParseError) -> Int {
        guard bytes.count >= NetlinkConstants.messageHeaderSize else {
            throw .truncatedHeader(available: bytes.count)
        }
        let declared = Int(bytes.load(UInt32.self, at: 0))
        guard declared >= NetlinkConstants.messageHeaderSize, declared <= bytes.count else {
            throw .invalidMessageLength(declared: declared, available: bytes.count)
        }
        return declared
    }

    private static func parsePayload(
        type: UInt16,
        body: UnsafeRawBufferPointer
    ) throws(NetlinkParseError) -> NetlinkMessage.Payload? {
        typealias C = NetlinkConstants
        switch type {
        case C.NLMSG_NOOP: return .noop
        case C.NLMSG_DONE: return .done
        case C.NLMSG_OVERRUN: return .overrun
        case C.NLMSG_ERROR:
            try requireBody(type: type, body: body, size: 4)
            return .error(code: -body.load(Int32.self, at: 0))
        case C.RTM_NEWLINK: return .newLink(try parseLink(type: type, body: body))
        case C.RTM_DELLINK: return .deleteLink(try parseLink(type: type, body: body))
        case C.RTM_NEWADDR: return .newAddress(try parseAddress(type: type, body: body))
        case C.RTM_DELADDR: return .deleteAddress(try parseAddress(type: type, body: body))
        case C.RTM_NEWROUTE: return .newRoute(try parseRoute(type: type, body: body))
        case C.RTM_DELROUTE: return .deleteRoute(try parseRoute(type: type, body: body))
        default: return nil
        }
    }

    private static func requireBody(
        type: UInt16,
        body: UnsafeRawBufferPointer,
        size: Int
    ) throws(NetlinkParseError) {
        guard body.count >= size else {
            throw .truncatedPayload(messageType: type, required: size, available: body.count)
        }
    }

    // MARK: - Bodies

    private static func parseLink(type: UInt16, body: UnsafeRawBufferPointer) throws(NetlinkParseError) -> NetlinkLink {
        typealias C = NetlinkConstants
        try requireBody(type: type, body: body, size: C.linkHeaderSize)
        let family = body.load(UInt8.self, at: 0)
        guard family == C.AF_UNSPEC else { throw .unsupportedFamily(messageType: type, family: family) }
        var link = NetlinkLink(
            index: body.load(Int32.self, at: 4),
            flags: body.load(UInt32.self, at: 8),
            type: body.load(UInt16.self, at: 2)
        )
        try forEachAttribute(type: type, in: body, from: C.linkHeaderSize) {
            (attribute, value) throws(NetlinkParseError) in
            switch attribute {
            case C.IFLA_IFNAME:
                link.name = string(value)
            case C.IFLA_OPERSTATE:
                guard value.count == 1 else {
                    throw .invalidAttributeValue(messageType: type, attributeType: attribute, length: value.count)
                }
                link.operationalState = value[0]
            case C.IFLA_LINKINFO:
                try forEachAttribute(type: type, in: value, from: 0) {
                    (nested, nestedValue) throws(NetlinkParseError) in
                    if nested == C.IFLA_INFO_KIND { link.kind = string(nestedValue) }
                }
            default:
                break
            }
        }
        return link
    }

    private static func parseAddress(
        type: UInt16,
        body: UnsafeRawBufferPointer
    ) throws(NetlinkParseError) -> NetlinkAddress {
        typealias C = NetlinkConstants
        try requireBody(type: type, body: body, size: C.addressHeaderSize)
        let family = body.load(UInt8.self, at: 0)
        guard family == C.AF_INET || family == C.AF_INET6 else {
            throw .unsupportedFamily(messageType: type, family: family)
        }
        var address = NetlinkAddress(
            family: family,
            prefixLength: body.load(UInt8.self, at: 1),
            flags: body.load(UInt8.self, at: 2),
            scope: body.load(UInt8.self, at: 3),
            interfaceIndex: Int32(bitPattern: body.load(UInt32.self, at: 4))
        )
        let addressSize = family == C.AF_INET ? 4 : 16
        try forEachAttribute(type: type, in: body, from: C.addressHeaderSize) {
            (attribute, value) throws(NetlinkParseError) in
            switch attribute {
            case C.IFA_ADDRESS, C.IFA_LOCAL:
                guard value.count == addressSize else {
                    throw .invalidAttributeValue(messageType: type, attributeType: attribute, length: value.count)
                }
                if attribute == C.IFA_ADDRESS { address.address = Array(value) } else { address.local = Array(value) }
            case C.IFA_LABEL:
                address.label = string(value)
            default:
                break
            }
        }
        return address
    }

    private static func parseRoute(type: UInt16, body: UnsafeRawBufferPointer) throws(NetlinkParseError) -> NetlinkRoute
    {
        typealias C = NetlinkConstants
        try requireBody(type: type, body: body, size: C.routeHeaderSize)
        let family = body.load(UInt8.self, at: 0)
        guard family == C.AF_INET || family == C.AF_INET6 else {
            throw .unsupportedFamily(messageType: type, family: family)
        }
        var route = NetlinkRoute(
            family: family,
            destinationLength: body.load(UInt8.self, at: 1),
            tos: body.load(UInt8.self, at: 3),
            table: UInt32(body.load(UInt8.self, at: 4)),
            routingProtocol: body.load(UInt8.self, at: 5),
            scope: body.load(UInt8.self, at: 6),
            type: body.load(UInt8.self, at: 7),
            flags: body.load(UInt32.self, at: 8)
        )
        let addressSize = family == C.AF_INET ? 4 : 16
        try forEachAttribute(type: type, in: body, from: C.routeHeaderSize) {
            (attribute, value) throws(NetlinkParseError) in
            func invalid() -> NetlinkParseError {
                .invalidAttributeValue(messageType: type, attributeType: attribute, length: value.count)
            }
            switch attribute {
            case C.RTA_DST, C.RTA_GATEWAY:
                guard value.count == addressSize else { throw invalid() }
                if attribute == C.RTA_DST { route.destination = Array(value) } else { route.gateway = Array(value) }
            case C.RTA_OIF:
                guard value.count == 4 else { throw invalid() }
                route.outputInterface = value.load(Int32.self, at: 0)
            case C.RTA_PRIORITY:
                guard value.count == 4 else { throw invalid() }
                route.priority = value.load(UInt32.self, at: 0)
            case C.RTA_TABLE:
                guard value.count == 4 else { throw invalid() }
                route.table = value.load(UInt32.self, at: 0)
            case C.RTA_MULTIPATH:
                guard let interfaces = nexthopInterfaces(value) else { throw invalid() }
                route.nexthopInterfaces = interfaces
            default:
                break
            }
        }
        return route
    }

    // MARK: - Attributes

    /// Calls `body` with each `rtattr` of `buffer` from `start` (a 4-byte-aligned offset) to the end.
    private static func forEachAttribute(
        type: UInt16,
        in buffer: UnsafeRawBufferPointer,
        from start: Int,
        _ body: (UInt16, UnsafeRawBufferPointer) throws(NetlinkParseError) -> Void
    ) throws(NetlinkParseError) {
        var offset = NetlinkConstants.aligned(start)
        while offset < buffer.count {
            let available = buffer.count - offset
            guard available >= NetlinkConstants.attributeHeaderSize else {
                throw .malformedAttribute(messageType: type, offset: offset, declaredLength: 0, available: available)
            }
            let length = Int(buffer.load(UInt16.self, at: offset))
            guard length >= NetlinkConstants.attributeHeaderSize, length <= available else {
                throw .malformedAttribute(
                    messageType: type,
                    offset: offset,
                    declaredLength: length,
                    available: available
                )
            }
            // The top two bits are NLA_F_NESTED and NLA_F_NET_BYTEORDER.
            let attribute = buffer.load(UInt16.self, at: offset + 2) & 0x3FFF
            let valueStart = offset + NetlinkConstants.attributeHeaderSize
            try body(attribute, UnsafeRawBufferPointer(rebasing: buffer[valueStart..<(offset + length)]))
            offset += NetlinkConstants.aligned(length)
        }
    }

    /// The interfaces of a `RTA_MULTIPATH` list of `struct rtnexthop`, or `nil` if a next hop is malformed.
    private static func nexthopInterfaces(_ value: UnsafeRawBufferPointer) -> [Int32]? {
        var interfaces: [Int32] = []
        var offset = 0
        while offset < value.count {
            let available = value.count - offset
            guard available >= NetlinkConstants.rtnexthopSize else { return nil }
            let length = Int(value.load(UInt16.self, at: offset))
            guard length >= NetlinkConstants.rtnexthopSize, length <= available else { return nil }
            interfaces.append(value.load(Int32.self, at: offset + 4))
            offset += NetlinkConstants.aligned(length)
        }
        return interfaces
    }

    /// A NUL-terminated (or unterminated) UTF-8 string attribute.
    private static func string(_ value: UnsafeRawBufferPointer) -> String {
        let bytes = value.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension UnsafeRawBufferPointer {
    /// Reads a host-order integer at any alignment; callers have checked the bounds.
    fileprivate func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
        loadUnaligned(fromByteOffset: offset, as: T.self)
    }
}
