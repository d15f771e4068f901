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
/// let answer = try connection.receive(until: "\r\n\r\n", timeout: .seconds(10))
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

    /// Receives until the bytes received contain `marker`, the peer closes the connection, or
    /// `timeout` passes with nothing new.
    ///
    /// - Returns: What was received, as text, and whether the peer closed the connection.
    package func receive(until marker: String? = nil, timeout: Duration) throws -> (text: String, closed: Bool) {
        var received = Data()
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        )
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) {
                return (String(decoding: received, as: UTF8.self), false)
            }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return (String(decoding: received, as: UTF8.self), false) }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (String(decoding: received, as: UTF8.self), true) }
            received.append(contentsOf: buffer[..<count])
        }
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
