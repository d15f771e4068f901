import AqueductRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `AqueductDevTools serve`: a small HTTP/1.1 server on the loopback interface that serves the
/// live report page and streams a recording's records to it with server-sent events.
///
/// One thread and one `poll(2)` loop: the listening sockets (127.0.0.1 and ::1), the
/// connections, and every 100 ms a look at the recording for each stream. Each connection
/// answers one request and is closed (`Connection: close`). Memory is bounded: a request's
/// head is read up to ``LiveRequest/maximumHeadLength`` bytes, at most ``maximumConnections``
/// are open, and a stream reads its recording only while what it has to send is below
/// ``streamBufferLimit`` bytes, so a slow page slows its own reading and holds no more.
///
/// Not `Sendable`: it runs on the thread that calls ``run(until:)``.
final class LiveServer {
    static let maximumConnections = 64
    static let streamBufferLimit = 1 << 18
    /// How long a connection may take to send its request's head.
    static let headDeadline: Int64 = 10_000
    static let heartbeatInterval: Int64 = 15_000
    static let tick: Int32 = 100

    let recording: String
    let maximumLineLength: Int
    let token: String
    let page: [UInt8]
    private(set) var port = 0
    private var listeners: [Int32] = []
    private var connections: [Connection] = []

    /// One client connection and where it is in its one exchange.
    private final class Connection {
        enum Phase {
            /// Reading the request's head.
            case reading
            /// Writing a response, then closing.
            case responding
            /// Writing the event stream, reading the recording (`follower`) as the page takes it.
            case streaming
            /// A response to a refused request was sent: what the client still sends is read
            /// and dropped for a while, so that closing does not reset the connection before it
            /// has read the response.
            case draining(until: Int64)
            case closed
        }

        let descriptor: Int32
        let opened: Int64
        var phase = Phase.reading
        /// The stream's reader of the recording; a stored property, not the phase's payload, so
        /// that stepping it does not copy its buffers.
        var follower: RecordingFollower?
        var input: [UInt8] = []
        var output: [UInt8] = []
        var written = 0
        var lastWrite: Int64
        /// After `output` is written: close, or drain then close.
        var drainsAfterResponse = false

        init(descriptor: Int32, now: Int64) {
            self.descriptor = descriptor
            self.opened = now
            self.lastWrite = now
        }

        var hasOutput: Bool { written < output.count }
    }

    /// A failure to start: the message and the exit status.
    struct StartFailure: Error {
        let message: String
        /// Another socket has the address (`EADDRINUSE`).
        var isAddressInUse = false
    }

    init(recording: String, maximumLineLength: Int, token: String, page: [UInt8]) {
        self.recording = recording
        self.maximumLineLength = maximumLineLength
        self.token = token
        self.page = page
    }

    deinit {
        for connection in connections { close(connection.descriptor) }
        for listener in listeners { close(listener) }
    }

    /// Listens on 127.0.0.1 and ::1 at `port` (0: a free port, the same on both).
    ///
    /// - Returns: Whether ::1 is listened on too (a machine without IPv6 has only 127.0.0.1).
    func listen(port requested: Int) throws(StartFailure) -> Bool {
        var attempts = 0
        while true {
            let v4 = try Self.listener(ipv6: false, port: requested)
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(v4, $0, &length) }
            }
            let chosen = Int(UInt16(bigEndian: address.sin_port))
            do {
                let v6 = try Self.listener(ipv6: true, port: chosen)
                listeners = [v4, v6]
                port = chosen
                return true
            } catch let failure {
                if failure.isAddressInUse, requested == 0, attempts < 10 {
                    close(v4)
                    attempts += 1
                    continue
                }
                if failure.isAddressInUse {
                    close(v4)
                    throw failure
                }
                // No IPv6 loopback here: 127.0.0.1 alone.
                listeners = [v4]
                port = chosen
                return false
            }
        }
    }

    private static func listener(ipv6: Bool, port: Int) throws(StartFailure) -> Int32 {
        let name = ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)"
        func failure(_ what: String) -> StartFailure {
            let code = errno
            return StartFailure(
                message: "Cannot \(what) \(name): \(String(cString: strerror(code))).",
                isAddressInUse: code == EADDRINUSE
            )
        }
        #if canImport(Darwin)
        let stream = SOCK_STREAM
        #else
        let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, stream, 0)
        guard descriptor >= 0 else { throw failure("open a socket for") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if ipv6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size)) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let bound: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
            bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard bound == 0 else {
            let error = failure("listen on")
            close(descriptor)
            throw error
        }
        guard systemListen(descriptor, 64) == 0 else {
            let error = failure("listen on")
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Serves until `shouldStop` says so (it is asked at least every 100 ms), then closes
    /// every connection.
    func run(until shouldStop: () -> Bool) {
        var hasMoreToRead = false
        while !shouldStop() {
            var descriptors = listeners.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            for connection in connections {
                var events = Int16(0)
                switch connection.phase {
                case .reading, .draining, .streaming: events |= Int16(POLLIN)
                case .responding, .closed: break
                }
                if connection.hasOutput { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), hasMoreToRead ? 0 : Self.tick)
            if ready < 0 && errno != EINTR { break }
            let now = Self.milliseconds()
            if ready > 0 {
                // The connections polled, before any accepted now joins them.
                for (offset, connection) in connections.enumerated() {
                    let revents = descriptors[listeners.count + offset].revents
                    if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(connection, now: now) }
                    if revents & Int16(POLLOUT) != 0 { send(connection, now: now) }
                }
                for (index, listener) in listeners.enumerated() where descriptors[index].revents != 0 {
                    accept(from: listener, now: now)
                }
            }
            hasMoreToRead = false
            for connection in connections where advance(connection, now: now) { hasMoreToRead = true }
            connections.removeAll { connection in
                guard case .closed = connection.phase else { return false }
                return true
            }
        }
        for connection in connections { finish(connection) }
        connections.removeAll()
    }

    private func accept(from listener: Int32, now: Int64) {
        while true {
            let descriptor = systemAccept(listener)
            guard descriptor >= 0 else { return }  // EAGAIN: none left
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            guard connections.count < Self.maximumConnections else {
                close(descriptor)
                continue
            }
            connections.append(Connection(descriptor: descriptor, now: now))
        }
    }

    private func receive(_ connection: Connection, now: Int64) {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                finish(connection)
                return
            }
            if count == 0 {
                // The client is done sending; a response being written may still be read.
                switch connection.phase {
                case .responding where connection.hasOutput: break
                default: finish(connection)
                }
                return
            }
            switch connection.phase {
            case .reading:
                connection.input += buffer[..<count]
                if let end = Self.endOfHead(connection.input) {
                    respond(to: connection.input[..<end], on: connection, now: now)
                    return
                }
                if connection.input.count > LiveRequest.maximumHeadLength {
                    refuse(connection, LiveRequest.headTooLong)
                    return
                }
            case .draining, .streaming, .responding:
                continue  // nothing more is asked for: dropped
            case .closed:
                return
            }
        }
    }

    /// Where the blank line that ends a head begins, if it has arrived.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        var index = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if bytes[index - 1] == UInt8(ascii: "\n") { return index - 1 }
                if index >= 3, bytes[index - 1] == UInt8(ascii: "\r"), bytes[index - 2] == UInt8(ascii: "\n") {
                    return bytes[index - 3] == UInt8(ascii: "\r") ? index - 3 : index - 2
                }
            }
            index += 1
        }
        return nil
    }

    private func respond(to head: ArraySlice<UInt8>, on connection: Connection, now: Int64) {
        connection.input = []
        let route: LiveRequest.Route
        do {
            route = try LiveRequest(head: head).route(port: port, token: token)
        } catch {
            refuse(connection, error)
            return
        }
        switch route {
        case .page:
            connection.output =
                Self.head(
                    status: "200 OK",
                    fields: [
                        ("Content-Type", "text/html; charset=utf-8"),
                        ("Content-Length", "\(page.count)"),
                        ("Content-Security-Policy", ReportPage.livePolicy + "; frame-ancestors 'none'"),
                        ("X-Frame-Options", "DENY"),
                    ]
                ) + page
            connection.phase = .responding
        case .events:
            connection.output =
                Self.head(status: "200 OK", fields: [("Content-Type", "text/event-stream; charset=utf-8")])
                + LiveEventEncoding.opening
            connection.phase = .streaming
            connection.follower = RecordingFollower(path: recording, maximumLineLength: maximumLineLength)
            _ = advance(connection, now: now)
        }
        send(connection, now: now)
    }

    private func refuse(_ connection: Connection, _ refusal: LiveRequest.Refusal) {
        connection.input = []
        let body = Array((refusal.message + "\n").utf8)
        connection.output =
            Self.head(
                status: "\(refusal.status) \(refusal.reason)",
                fields: [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.count)")]
            ) + body
        connection.phase = .responding
        connection.drainsAfterResponse = true
        send(connection, now: Self.milliseconds())
    }

    private static func head(status: String, fields: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status)\r\n"
        for (name, value) in fields + [
            ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Resource-Policy", "same-origin"), ("Connection", "close"),
        ] {
            text += "\(name): \(value)\r\n"
        }
        return Array((text + "\r\n").utf8)
    }

    private func send(_ connection: Connection, now: Int64) {
        while connection.hasOutput {
            let count = connection.output.withUnsafeBytes {
                write(connection.descriptor, $0.baseAddress! + connection.written, $0.count - connection.written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                finish(connection)
                return
            }
            connection.written += count
            connection.lastWrite = now
        }
        if !connection.hasOutput {
            connection.output.removeAll(keepingCapacity: connection.output.count <= Self.streamBufferLimit)
            connection.written = 0
            if case .responding = connection.phase {
                if connection.drainsAfterResponse {
                    shutdown(connection.descriptor, Int32(SHUT_WR))
                    connection.phase = .draining(until: now + 5_000)
                } else {
                    finish(connection)
                }
            }
        } else if connection.written > Self.streamBufferLimit {
            connection.output.removeFirst(connection.written)
            connection.written = 0
        }
    }

    /// Time passes: deadlines, and the streams read what the recording has new.
    ///
    /// - Returns: Whether the connection has more to read and send now (the loop then does not
    ///   wait for the next tick).
    private func advance(_ connection: Connection, now: Int64) -> Bool {
        switch connection.phase {
        case .reading:
            if now - connection.opened > Self.headDeadline { finish(connection) }
        case .draining(let until):
            if now > until { finish(connection) }
        case .streaming:
            // Reads while the page takes what it is sent, a few buffers at a time so that the
            // other connections get their turn; the loop then comes back without waiting.
            for _ in 0..<4 {
                var isAtEnd = false
                while !isAtEnd && connection.output.count - connection.written < Self.streamBufferLimit {
                    guard let step = connection.follower?.step() else { break }
                    for event in step.events { connection.output += LiveEventEncoding.encode(event) }
                    isAtEnd = step.isAtEnd
                }
                if !connection.hasOutput && now - connection.lastWrite > Self.heartbeatInterval {
                    connection.output += LiveEventEncoding.heartbeat
                }
                if connection.hasOutput { send(connection, now: now) }
                guard case .streaming = connection.phase, !isAtEnd, !connection.hasOutput else { return false }
            }
            return true
        case .responding, .closed:
            break
        }
        return false
    }

    private func finish(_ connection: Connection) {
        if case .closed = connection.phase { return }
        connection.follower?.close()
        connection.follower = nil
        close(connection.descriptor)
        connection.phase = .closed
        connection.output = []
        connection.input = []
    }

    static func milliseconds() -> Int64 {
        Int64(MonotonicClock.nanoseconds() / 1_000_000)
    }
}

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
