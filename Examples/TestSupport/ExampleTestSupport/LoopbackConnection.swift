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
