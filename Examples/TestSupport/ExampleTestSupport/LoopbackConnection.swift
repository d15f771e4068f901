import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw TCP connection to a loopback port: to speak to a server the way a hostile client
/// would — headers and no body, a body that never ends, silence — which no HTTP client does.
///
/// ```swift
/// let connection = try LoopbackConnection(port: backend.port)
/// try connection.send("POST /history HTTP/1.1\r\nHost: x\r\nContent-Length: 300000000\r\n\r\n")
/// let (answer, closed) = try await connection.receive(timeout: .seconds(10))
/// ```
///
/// Not `Sendable`: a test owns it. Closed when released.
package final class LoopbackConnection {
    /// A socket call that failed, with its `errno`.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    package init(port: Int) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(descriptor)
            throw Failure(description: "connect() to port \(port) failed: errno \(errno)")
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    private init(connected descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Opens `count` connections to `127.0.0.1:port` together, as a crowd of clients does: none
    /// waits for another, and each counts as connected once the kernel has completed its
    /// handshake — held in the server's listen backlog until the server accepts it, so a server
    /// that is not accepting (stopped) holds as many as its backlog. A connection not complete
    /// within `timeout` (the backlog was full, so its handshake waits for room) is closed and
    /// counted.
    ///
    /// - Returns: The connections made, and how many were not.
    package static func connectTogether(
        _ count: Int,
        port: Int,
        timeout: Duration
    ) async throws -> (connected: [LoopbackConnection], notConnected: Int) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var pending: [Int32] = []
        var connected: [LoopbackConnection] = []
        defer { for descriptor in pending { close(descriptor) } }
        for _ in 0..<count {
            #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            #endif
            guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
            let result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 || errno == EINPROGRESS else {
                close(descriptor)
                throw Failure(description: "connect() to port \(port) failed: errno \(errno)")
            }
            pending.append(descriptor)
        }
        func complete() throws -> Bool {
            var polled = pending.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 0) >= 0 else {
                throw Failure(description: "poll() failed: errno \(errno)")
            }
            for entry in polled where entry.revents != 0 {
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(entry.fd, SOL_SOCKET, SO_ERROR, &error, &length)
                guard error == 0 else { throw Failure(description: "connect() to port \(port) failed: errno \(error)") }
                _ = fcntl(entry.fd, F_SETFL, fcntl(entry.fd, F_GETFL) & ~O_NONBLOCK)
                connected.append(LoopbackConnection(connected: entry.fd))
                pending.removeAll { $0 == entry.fd }
            }
            return pending.isEmpty
        }
        do {
            try await Wait.until("\(count) connections to complete", timeout: timeout) { try complete() }
        } catch is Wait.Timeout {}
        return (connected, pending.count)
    }

    /// Sends `text` (as UTF-8).
    package func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    /// Sends `data`; fails once the peer has closed the connection.
    package func send(_ data: Data) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = sendBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
                offset += count
            }
        }
    }

    /// Receives until the peer closes the connection or `timeout` passes, without blocking a
    /// thread: it polls the socket without waiting and sleeps between polls.
    ///
    /// - Returns: What was received, as text, and whether the peer closed the connection.
    package func receive(timeout: Duration) async throws -> (text: String, closed: Bool) {
        var received = Data()
        var closed = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        do {
            try await Wait.until("the peer to close the connection", timeout: timeout) {
                while true {
                    let count = buffer.withUnsafeMutableBytes {
                        recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
                    }
                    if count > 0 {
                        received.append(contentsOf: buffer[..<count])
                        continue
                    }
                    if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return false }
                    closed = true
                    return true
                }
            }
        } catch is Wait.Timeout {
            closed = false
        }
        return (String(decoding: received, as: UTF8.self), closed)
    }
}

/// `send(2)` without SIGPIPE (the method of the same name hides the C function inside the class).
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    send(descriptor, bytes, count, 0)
    #endif
}
