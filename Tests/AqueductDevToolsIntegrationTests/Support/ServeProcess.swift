import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `AqueductDevTools serve RECORDING` running as a child process, and the loopback requests a
/// test sends it: the URL it printed (its port and token), raw HTTP exchanges on a socket of the
/// test's own (so that a test chooses every byte of the head: a foreign `Host`, an `Origin`, a
/// 10 MB field), and a stop by signal whose exit status the test checks.
final class ServeProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process: pid_t
    let port: Int
    let token: String
    /// Whether the tool said it listens on ::1 too (a machine without IPv6 has 127.0.0.1 only).
    let servesIPv6: Bool
    private let outputPath: String
    private var isStopped = false

    /// The page's URL on 127.0.0.1.
    var pageURL: URL { URL(string: "http://127.0.0.1:\(port)/?token=\(token)")! }

    /// Starts `serve recording` on a free port and waits until it has printed its URL.
    init(recording: URL, in directory: URL) throws {
        #if canImport(Glibc)
        let executable = try DevToolsProcess.executable()
        outputPath = directory.appendingPathComponent("serve-\(UUID().uuidString).out").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, outputPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        DevToolsProcess.setDefaultSignals(&attributes)
        let command = [executable, "serve", recording.path, "--port", "0"]
        var argv = command.map { strdup($0) } + [nil]
        var envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        process = child
        // The first line names the URL; a bounded wait (the tool prints it before serving).
        var found: (Int, String)?
        var text = ""
        for _ in 0..<600 {
            text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if let match = text.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]+)\n/),
                text.contains("Ctrl-C")
            {
                found = (Int(match.output.1)!, String(match.output.2))
                break
            }
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                isStopped = true
                let errors = (try? String(contentsOfFile: outputPath + ".err", encoding: .utf8)) ?? ""
                throw Failure(description: "serve ended before printing its URL: \(errors)")
            }
            usleep(50_000)
        }
        guard let found else {
            kill(child, SIGKILL)
            waitpid(child, nil, 0)
            isStopped = true
            throw Failure(description: "serve printed no URL within 30 s")
        }
        (port, token) = found
        servesIPv6 = text.contains("http://[::1]:\(port)/?token=\(token)\n")
        #else
        throw Failure(description: "ServeProcess runs the tool on Linux only")
        #endif
    }

    deinit { _ = try? stop(with: SIGKILL) }

    /// Sends `signal` and waits for the process to end.
    ///
    /// - Returns: Its exit status, or `nil` when a signal killed it.
    @discardableResult
    func stop(with signal: Int32 = SIGTERM) throws -> Int32? {
        #if canImport(Glibc)
        guard !isStopped else { return nil }
        isStopped = true
        kill(process, signal)
        var status: Int32 = 0
        while waitpid(process, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid failed") }
        }
        unlink(outputPath)
        unlink(outputPath + ".err")
        return status & 0x7f == 0 ? (status >> 8) & 0xff : nil
        #else
        return nil
        #endif
    }

    /// The answer to one request: its status code, its head and its body (read to the end:
    /// the server closes every connection after its answer).
    struct Answer {
        var status: Int
        var head: String
        var body: String
    }

    /// Sends `request` as it is to the server, on 127.0.0.1 (or ::1), and reads the answer.
    func exchange(_ request: [UInt8], ipv6: Bool = false) throws -> Answer {
        #if canImport(Glibc)
        let descriptor = try connect(ipv6: ipv6)
        defer { close(descriptor) }
        var offset = 0
        while offset < request.count {
            let count = request.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }  // the server stopped reading: its answer says why
            offset += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 30_000) == 1 else { throw Failure(description: "no answer within 30 s") }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"),
            let status = Int(text.dropFirst("HTTP/1.1 ".count).prefix(3))
        else { throw Failure(description: "not an HTTP answer: \(text.prefix(200))") }
        return Answer(status: status, head: String(text[..<split.lowerBound]), body: String(text[split.upperBound...]))
        #else
        throw Failure(description: "ServeProcess runs the tool on Linux only")
        #endif
    }

    /// `GET target` with `Host: 127.0.0.1:port` unless `fields` names another.
    func get(_ target: String, fields: [String] = [], ipv6: Bool = false) throws -> Answer {
        let host = ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)"
        let hasHost = fields.contains { $0.lowercased().hasPrefix("host:") }
        let lines = ["GET \(target) HTTP/1.1"] + (hasHost ? [] : ["Host: \(host)"]) + fields
        return try exchange(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8), ipv6: ipv6)
    }

    /// Opens the event stream and reads it until `until` holds for what arrived (or 30 s).
    func readEvents(until done: (String) -> Bool) throws -> String {
        #if canImport(Glibc)
        let descriptor = try connect(ipv6: false)
        defer { close(descriptor) }
        let request = Array("GET /events?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while !done(String(decoding: received, as: UTF8.self)) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 30_000) == 1 else { throw Failure(description: "the stream was quiet for 30 s") }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the stream ended") }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
        #else
        throw Failure(description: "ServeProcess runs the tool on Linux only")
        #endif
    }

    #if canImport(Glibc)
    private func connect(ipv6: Bool) throws -> Int32 {
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        var result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            address.sin6_addr = in6addr_loopback
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "cannot connect to the server: \(reason)")
        }
        return descriptor
    }
    #endif

    /// Appends `text` to `file` as a writer does: one `write(2)` with `O_APPEND`.
    static func append(_ text: String, to file: URL) throws {
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(file.path)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure(description: "cannot append to \(file.path)")
        }
    }
}
