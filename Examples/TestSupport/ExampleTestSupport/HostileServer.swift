import Foundation

/// `Examples/TestSupport/HostileServer/hostile_server.py` as a child process: a loopback HTTP
/// server that misbehaves in the way a URL asks — redirects, replies that do not match the
/// request, bodies of any size — and a second origin to redirect to; both record every request
/// they receive.
///
/// ```swift
/// let hostile = try await HostileServer.start()
/// let url = hostile.redirecting(status: 307, to: hostile.otherOrigin)
/// // point an HTTP client at `url`; then:
/// let leaked = try hostile.records().filter { $0.listener == "other" }
/// ```
package final class HostileServer {
    /// One request a listener received, or what a huge answer managed to send.
    package struct Record: Decodable, Sendable {
        /// `"main"` or `"other"`, for a request.
        package var listener: String?
        /// The request method.
        package var method: String?
        /// The request path.
        package var path: String?
        /// The `Authorization` header, if it came.
        package var authorization: String?
        /// The request body, as text.
        package var body: String?
        /// `"huge"` for the record of a huge answer.
        package var event: String?
        /// The bytes of a huge answer sent before the client closed the connection.
        package var sent: Int?
        /// The bytes a huge answer meant to send.
        package var total: Int?
    }

    /// `Examples/TestSupport/HostileServer/hostile_server.py`.
    package static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ExampleTestSupport
        .deletingLastPathComponent()  // TestSupport
        .appendingPathComponent("HostileServer/hostile_server.py")

    /// `http://127.0.0.1:<main port>`, where the client under test is pointed.
    package let mainOrigin: URL
    /// `http://127.0.0.1:<other port>`: another origin, which answers every request with a
    /// check-in reply a client would believe.
    package let otherOrigin: URL
    private let server: ServerProcess
    private let recordsURL: URL

    private init(server: ServerProcess, mainOrigin: URL, otherOrigin: URL, recordsURL: URL) {
        self.server = server
        self.mainOrigin = mainOrigin
        self.otherOrigin = otherOrigin
        self.recordsURL = recordsURL
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: recordsURL)
    }

    /// Starts the server and waits for its two ports.
    package static func start() async throws -> HostileServer {
        let recordsURL = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).jsonl")
        let server = try await ServerProcess.start(script: script, arguments: ["--records", recordsURL.path])
        let ports = server.firstLine.split(separator: " ").compactMap { Int($0) }
        guard ports.count == 2, let main = URL(string: "http://127.0.0.1:\(ports[0])"),
            let other = URL(string: "http://127.0.0.1:\(ports[1])")
        else {
            throw ServerProcess.StartupError(
                description: "unexpected first line from the hostile server: \(server.firstLine)",
                status: nil,
                errorOutput: server.errorOutput
            )
        }
        return HostileServer(server: server, mainOrigin: main, otherOrigin: other, recordsURL: recordsURL)
    }

    /// A base URL on main whose requests are answered `status` with `Location: location`.
    package func redirecting(status: Int, to location: String) -> URL {
        mainOrigin.appendingPathComponent("redirect/\(status)/\(Self.segment(location))")
    }

    /// A base URL on main whose requests are answered `status` with `body`, in which `{{id}}`
    /// stands for the `id` of the request's JSON body.
    package func replying(status: Int = 200, body: String) -> URL {
        mainOrigin.appendingPathComponent("reply/\(status)/\(Self.segment(body))")
    }

    /// A base URL on main whose requests are answered `status` with a body of `bytes` bytes,
    /// declared in a `Content-Length` header or not.
    package func huge(status: Int = 200, bytes: Int, declaresLength: Bool) -> URL {
        mainOrigin.appendingPathComponent("huge/\(status)/\(bytes)/\(declaresLength ? 1 : 0)")
    }

    /// What both listeners recorded so far.
    package func records() throws -> [Record] {
        let text = (try? String(contentsOf: recordsURL, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { line in
            try JSONDecoder().decode(Record.self, from: Data(line.utf8))
        }
    }

    /// Base64url without padding: a path segment.
    private static func segment(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
