import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The reference backend (`Backend/server.py`) against the clients a hostile network sends: raw
/// sockets, so that nothing polite stands between the test and the server. Each guarantee holds
/// over every storage: the HTTP layer answers before any storage is asked.
@Suite("Reference backend under attack")
struct ReferenceBackendTests {
    /// The request line and headers of a `POST` whose body is announced and never sent.
    private static func headers(token: String, contentLength: Int) -> String {
        "POST /history HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(contentLength)\r\n\r\n"
    }

    /// 300 MB announced with a wrong token: the backend answers 401 on the headers alone and
    /// closes the connection, without waiting for (or reading) any of the body.
    @Test(arguments: BackendStorage.available)
    func anUnauthenticatedRequestIsAnswered401BeforeItsBodyIsRead(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument)
        let connection = try LoopbackConnection(port: backend.port)

        try connection.send(Self.headers(token: "wrong", contentLength: 300_000_000))
        let (answer, closed) = try await connection.receive(timeout: .seconds(10))

        #expect(answer.hasPrefix("HTTP/1.1 401 "), "\(answer)")
        #expect(answer.contains(#""code": "unauthorized""#))
        #expect(closed)
    }

    @Test(arguments: BackendStorage.available)
    func aBodyPastTheLimitIsAnswered413Unread(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument)
        let connection = try LoopbackConnection(port: backend.port)

        try connection.send(Self.headers(token: backend.token, contentLength: 10_000_000))
        let (answer, closed) = try await connection.receive(timeout: .seconds(10))

        #expect(answer.hasPrefix("HTTP/1.1 413 "), "\(answer)")
        #expect(answer.contains(#""code": "body_too_large""#))
        #expect(closed)
    }

    /// A connection that sends its headers and then nothing is closed after the idle timeout, so
    /// such clients cannot hold the server's threads. (The wait is bounded only so that a broken
    /// server fails the test rather than hangs it.)
    @Test(arguments: BackendStorage.available)
    func aConnectionThatGoesQuietIsClosed(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument, arguments: ["--idle-timeout", "1"])
        let connection = try LoopbackConnection(port: backend.port)

        try connection.send(Self.headers(token: backend.token, contentLength: 100))
        let (answer, closed) = try await connection.receive(timeout: .seconds(30))

        #expect(closed, "still open; got: \(answer)")
        #expect(answer.isEmpty)
    }

    /// The token is compared whole (with `hmac.compare_digest`, on bytes): a token that differs
    /// in its last character, or only in length, is refused; one with characters outside ASCII
    /// works like any other.
    @Test(arguments: BackendStorage.available, ["tökén-ü", "plain-token"])
    func onlyTheExactTokenIsAccepted(storage: BackendStorage, token: String) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument, token: token)

        for wrong in [String(token.dropLast()) + "x", token + "x", String(token.dropLast()), ""] {
            let client = CloudFunctionsCheckInClient(functionsURL: backend.url, token: wrong)
            let error = await thrownError { () async throws(CheckInError) in try await client.client.history(limit: 1) }
            #expect(error == .unauthorized, "token '\(wrong)'")
        }
        let client = CloudFunctionsCheckInClient(functionsURL: backend.url, token: token)
        #expect(try await client.client.history(limit: 1) == [])
    }

    @Test(arguments: ["a text file", "a directory"])
    func aDatabaseThatCannotBeUsedStopsTheBackendWithAClearError(kind: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("not-a-database")
        if kind == "a directory" {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } else {
            try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: path))
        }

        let error = await #expect(throws: ServerProcess.StartupError.self) {
            _ = try await BackendStarts.backend(database: path)
        }

        #expect(error?.status == 2)
        #expect(
            error?.errorOutput.contains("--database \(path) cannot be used as the backend's SQLite database") == true
        )
        #expect(error?.errorOutput.contains("Traceback") == false)
    }

    /// `POST /function` with `body` on a connection of its own, closed after the answer.
    private static func post(_ function: String, body: String, to backend: BackendProcess) async throws -> String {
        let connection = try LoopbackConnection(port: backend.port)
        let data = Data(body.utf8)
        try connection.send(
            "POST /\(function) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(backend.token)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(data.count)\r\nConnection: close\r\n\r\n"
        )
        try connection.send(data)
        return try await connection.receive(timeout: .seconds(30)).text
    }

    /// 60 KB of nested brackets: Python's JSON parser recurses once per level and gives up.
    /// The backend answers 400 and says why, not a 500 that shows Python's error.
    @Test(arguments: BackendStorage.available)
    func aBodyNestedTooDeeplyIsA400ThatSaysSo(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument)

        for body in [String(repeating: "[", count: 60_000), #"{"id": "# + String(repeating: "{\"a\": ", count: 6_000)] {
            let answer = try await Self.post("check-in", body: body, to: backend)

            #expect(answer.hasPrefix("HTTP/1.1 400 "), "\(answer.prefix(300))")
            #expect(answer.contains(#""code": "invalid_input""#))
            #expect(answer.contains("the body nests arrays or objects too deeply to be parsed"))
            #expect(!answer.contains("RecursionError"))
        }
        // The server goes on serving.
        #expect(try await Self.post("history", body: #"{"limit": 1}"#, to: backend).hasPrefix("HTTP/1.1 200 "))
    }

    /// 128 clients connecting at once, while the server is stopped (SIGSTOP) so that it accepts
    /// none of them yet — the moment a busy server meets a crowd: the kernel completes each
    /// handshake and holds the connection in the listen backlog. With the standard library's
    /// backlog of 5, all but 6 wait (or are reset); with the backend's, every one is held, and
    /// once the server goes on, each is served.
    @Test(arguments: BackendStorage.available)
    func clientsConnectingTogetherAreAllAcceptedAndServed(storage: BackendStorage) async throws {
        let clients = 128
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        let pidFile = directory.path("backend.pid")
        let backend = try await BackendStarts.backend(database: database.argument, arguments: ["--pid-file", pidFile])
        let pidText = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGSTOP) == 0)
        defer { kill(pid, SIGCONT) }
        try await Wait.until("the backend to stop", timeout: .seconds(10)) { ChildProcess.state(of: pid) == "T" }

        let (connections, notConnected) = try await LoopbackConnection.connectTogether(
            clients,
            port: backend.port,
            timeout: .seconds(10)
        )
        #expect(kill(pid, SIGCONT) == 0)

        #expect(
            notConnected == 0,
            "\(notConnected) of \(clients) clients were not accepted: the listen backlog is too small"
        )
        let request =
            "POST /history HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(backend.token)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{\"limit\": 1}"
        for connection in connections { try connection.send(request) }
        var served = 0
        for connection in connections {
            let (answer, _) = try await connection.receive(timeout: .seconds(30))
            if answer.hasPrefix("HTTP/1.1 200 ") {
                served += 1
            } else {
                Issue.record("answered: \(answer.prefix(200))")
            }
        }
        #expect(served == connections.count)
    }
}
