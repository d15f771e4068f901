#if os(Linux)
import CNetlink
import Glibc

/// An `AF_NETLINK` / `NETLINK_ROUTE` socket subscribed to the link, IPv4/IPv6 address and
/// IPv4/IPv6 route groups: the kernel's routing tables and their changes, as parsed
/// ``NetlinkMessage``s. It knows the protocol, not what a client makes of it.
///
/// ```swift
/// let socket = try NetlinkSocket.openRoute()
/// defer { socket.close() }
/// try socket.send(NetlinkRequest.dump(.links, sequence: 1))
/// var buffer = [UInt8](repeating: 0, count: 64 * 1024)
/// if case .messages(let results) = socket.receive(into: &buffer) { print(results) }
/// ```
///
/// Linux only. A `Sendable` value holding the descriptor: create it anywhere, then use it from
/// one thread, which closes it.
package struct NetlinkSocket: Sendable {
    /// What ``receive(into:)`` got.
    package enum Received: Sendable {
        /// One datagram from the kernel, parsed: each message, or why it could not be.
        case messages([Result<NetlinkMessage, NetlinkParseError>])
        /// Nothing to act on: interrupted, nothing waiting, or a datagram not from the kernel.
        case nothing
        /// The kernel dropped events (`ENOBUFS`): what the tables say now must be asked again.
        case overrun
        /// A datagram of `length` bytes did not fit the buffer and was cut: ask again.
        case truncated(length: Int)
        /// `recvfrom` failed with this `errno`; the socket is of no further use.
        case failed(code: Int32)
    }

    /// What ``waitForInput(orWake:)`` saw.
    package enum Readiness: Sendable, Equatable {
        /// A datagram is waiting.
        case readable
        /// The ``WakeSignal`` was signalled.
        case woken
        /// A signal interrupted the wait: wait again.
        case interrupted
        /// `poll` failed with this `errno`.
        case failed(code: Int32)
    }

    /// The socket's descriptor; valid until ``close()``.
    package let descriptor: Int32

    /// Opens a routing socket bound to the link, address and route multicast groups, with a 1 MiB
    /// receive buffer (so that lost events, `ENOBUFS`, are rare on busy hosts).
    ///
    /// - Returns: The socket.
    /// - Throws: ``NetlinkSystemCallError`` when `socket` or `bind` fails.
    package static func openRoute() throws(NetlinkSystemCallError) -> NetlinkSocket {
        let socket = Glibc.socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), NETLINK_ROUTE)
        guard socket >= 0 else { throw NetlinkSystemCallError(operation: "socket(AF_NETLINK)", code: errno) }
        // A larger receive buffer makes ENOBUFS (lost events) rarer; failure here is harmless.
        var bufferSize: Int32 = 1 << 20
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups =
            UInt32(RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR)
            | UInt32(RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_ROUTE)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            _ = Glibc.close(socket)
            throw NetlinkSystemCallError(operation: "bind(NETLINK_ROUTE)", code: code)
        }
        return NetlinkSocket(descriptor: socket)
    }

    /// Sends one request (see ``NetlinkRequest``) to the kernel.
    ///
    /// - Parameter request: The request's bytes.
    /// - Throws: ``NetlinkSystemCallError`` when `sendto` fails or sends less than all of it.
    package func send(_ request: [UInt8]) throws(NetlinkSystemCallError) {
        var kernel = sockaddr_nl()
        kernel.nl_family = sa_family_t(AF_NETLINK)
        let sent = request.withUnsafeBytes { bytes in
            withUnsafePointer(to: &kernel) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
                }
            }
        }
        guard sent == request.count else {
            throw NetlinkSystemCallError(operation: "sendto(NETLINK_ROUTE)", code: errno)
        }
    }

    /// Blocks until a datagram is waiting or `wake` is signalled.
    ///
    /// - Parameter wake: The signal that ends the wait early.
    /// - Returns: Which of the two happened (the wake signal wins when both did).
    package func waitForInput(orWake wake: WakeSignal) -> Readiness {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
        if ready < 0 { return errno == EINTR ? .interrupted : .failed(code: errno) }
        if descriptors[1].revents != 0 { return .woken }
        return descriptors[0].revents != 0 ? .readable : .interrupted
    }

    /// Receives one datagram without blocking and parses it.
    ///
    /// - Parameter buffer: Where the datagram lands; 64 KiB holds any the kernel sends today.
    /// - Returns: The parsed messages, or what happened instead.
    package func receive(into buffer: inout [UInt8]) -> Received {
        var sender = sockaddr_nl()
        var senderLength = socklen_t(MemoryLayout<sockaddr_nl>.size)
        let count = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &sender) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    // MSG_TRUNC: return the datagram's real length, so a cut one is noticed.
                    recvfrom(
                        descriptor,
                        bytes.baseAddress,
                        bytes.count,
                        Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC),
                        $0,
                        &senderLength
                    )
                }
            }
        }
        if count < 0 {
            switch errno {
            case EINTR, EAGAIN: return .nothing
            case ENOBUFS: return .overrun
            case let code: return .failed(code: code)
            }
        }
        guard sender.nl_pid == 0 else { return .nothing }  // only the kernel speaks rtnetlink to us
        guard count <= buffer.count else { return .truncated(length: count) }
        let parser = NetlinkMessageParser()
        return .messages(
            buffer.withUnsafeBytes { parser.parseMessages(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        )
    }

    /// Closes the socket.
    package func close() {
        _ = Glibc.close(descriptor)
    }
}
#endif
