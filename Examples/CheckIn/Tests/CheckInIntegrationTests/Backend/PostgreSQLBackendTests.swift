import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The reference backend on PostgreSQL against databases it cannot use: each ends it at once
/// with a message that says what is wrong and what to do, the password hidden, status 2 and no
/// traceback — tested against a real server.
@Suite("Reference backend on PostgreSQL", .serialized, .timeLimit(.minutes(5)))
struct PostgreSQLBackendTests {
    /// Runs the backend on `database` and returns why it did not start.
    private static func startupError(_ database: String) async -> ServerProcess.StartupError? {
        await #expect(throws: ServerProcess.StartupError.self) {
            _ = try await BackendStarts.backend(database: database)
        }
    }

    /// The user part of a `postgresql://` URL, the host part, and where they are.
    private struct Authority {
        var prefix: Substring  // "postgresql://"
        var user: Substring
        var password: Substring?
        var host: Substring
        var suffix: Substring  // "/database?parameters"

        init(_ url: String) throws {
            let scheme = try #require(url.range(of: "://"), "not a URL: \(url)")
            prefix = url[..<scheme.upperBound]
            let rest = url[scheme.upperBound...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            suffix = rest[end...]
            let authority = rest[..<end]
            let at = authority.lastIndex(of: "@")
            host = at.map { authority[authority.index(after: $0)...] } ?? authority
            let userInfo = at.map { authority[..<$0] } ?? ""
            let colon = userInfo.firstIndex(of: ":")
            user = colon.map { userInfo[..<$0] } ?? userInfo
            password = colon.map { userInfo[userInfo.index(after: $0)...] }
        }

        func with(user: some StringProtocol, password: String) -> String {
            "\(prefix)\(user):\(password)@\(host)\(suffix)"
        }
    }

    /// The PostgreSQL tests run whenever a server is configured, and under CI a server must be:
    /// a CI run without one fails here rather than skipping them in silence.
    @Test(
        .enabled(if: PostgreSQLTestServer.isConfigured || PostgreSQLTestServer.isCI, PostgreSQLTestServer.notConfigured)
    )
    func theConfiguredServerTakesCheckIns() async throws {
        try #require(
            PostgreSQLTestServer.isConfigured,
            "CI runs the PostgreSQL tests: bash .ci/run starts a server and sets \(PostgreSQLTestServer.variable)"
        )
        let directory = try TemporaryDirectory()
        let database = try await BackendStorage.postgresql.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument)
        defer { backend.stop() }
        let client = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client

        let checkIn = try await client.checkIn(at: Date(timeIntervalSince1970: 1_800_000_000))

        #expect(try await client.history(limit: 10) == [checkIn])
    }

    @Test(.enabled(if: PostgreSQLTestServer.isConfigured, PostgreSQLTestServer.notConfigured))
    func anUnreachableDatabaseStopsTheBackendWithAClearError() async throws {
        let directory = try TemporaryDirectory()
        let unreachable = [
            "postgresql://checkin:secret-password@127.0.0.1:\(unusedLoopbackPort())/checkin",
            "postgresql://checkin:secret-password@/checkin?host=\(directory.path("no-server-here"))",
        ]
        for database in unreachable {
            let error = await Self.startupError(database)

            #expect(error?.status == 2, "\(database)")
            #expect(error?.errorOutput.contains("PostgreSQL cannot be reached: check that the server runs") == true)
            #expect(error?.errorOutput.contains("checkin:***@") == true, "the password is hidden")
            #expect(error?.errorOutput.contains("secret-password") == false)
            #expect(error?.errorOutput.contains("Traceback") == false)
        }
    }

    @Test(.enabled(if: PostgreSQLTestServer.isConfigured, PostgreSQLTestServer.notConfigured))
    func badCredentialsStopTheBackendWithAClearError() async throws {
        let server = try Authority(try #require(PostgreSQLTestServer.url))
        // An unknown role is refused whatever the server's authentication; a wrong password only
        // where it asks for one (as pgcluster.py's does, with the password in the URL).
        var refused = [server.with(user: "checkin_no_such_role", password: "wrong-password")]
        if server.password != nil {
            refused.append(server.with(user: server.user, password: "wrong-password"))
        }
        for database in refused {
            let error = await Self.startupError(database)

            #expect(error?.status == 2, "\(database)")
            #expect(
                error?.errorOutput.contains("PostgreSQL refused the credentials: check the user and password") == true
            )
            #expect(error?.errorOutput.contains("wrong-password") == false, "the password is hidden")
            #expect(error?.errorOutput.contains("Traceback") == false)
        }
    }

    @Test(.enabled(if: PostgreSQLTestServer.isConfigured, PostgreSQLTestServer.notConfigured))
    func aDatabaseWithTablesNoBackendCreatedIsRefusedAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        let database = try await BackendStorage.postgresql.makeDatabase(in: directory)
        defer { database.remove() }
        try await PostgreSQLTestServer.execute("CREATE TABLE check_ins (name text)", on: database.argument)

        let error = await Self.startupError(database.argument)

        #expect(error?.status == 2)
        #expect(error?.errorOutput.contains("already has check_ins that no check-in backend created") == true)
        #expect(error?.errorOutput.contains("Traceback") == false)
        // Nothing was created beside it: a second start says the same.
        let again = await Self.startupError(database.argument)
        #expect(again?.errorOutput.contains("already has check_ins") == true)
    }

    /// A trigger or a cancel whose connection was lost may have been committed before the loss:
    /// it is not run again on a new connection (an alert would be triggered, or a cancel
    /// answered, twice) but answered 503. Here the loss comes before the statement reaches the
    /// server (its idle connection was terminated), so the 503 stored nothing and the next
    /// request, on a new connection, goes through.
    @Test(.enabled(if: PostgreSQLTestServer.isConfigured, PostgreSQLTestServer.notConfigured))
    func aTriggerOrCancelThatLostItsConnectionIsA503NotARetry() async throws {
        let directory = try TemporaryDirectory()
        let database = try await BackendStorage.postgresql.makeDatabase(in: directory)
        defer { database.remove() }
        let backend = try await BackendStarts.backend(database: database.argument)
        defer { backend.stop() }
        func post(_ function: String, _ body: String = "{}") async throws -> String {
            let connection = try LoopbackConnection(port: backend.port)
            try connection.send(
                "POST /\(function) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(backend.token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
                    + body
            )
            return try await connection.receive(timeout: .seconds(30)).text
        }
        /// Ends the backend's connections (idle in its pool), and waits until they are gone.
        func loseTheBackendsConnections() async throws {
            try await PostgreSQLTestServer.execute(
                "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                    + "WHERE application_name = 'checkin-backend' AND datname = current_database()",
                on: database.argument
            )
        }

        #expect(try await post("active-alert").contains(#""alert": null"#))  // a connection, now idle
        try await loseTheBackendsConnections()
        let trigger = try await post("trigger-alert")
        #expect(trigger.hasPrefix("HTTP/1.1 503 "), "\(trigger)")
        #expect(trigger.contains(#""code": "database_unavailable""#))
        #expect(try await post("active-alert").contains(#""alert": null"#))

        let triggered = try await post("trigger-alert")
        #expect(triggered.hasPrefix("HTTP/1.1 200 "), "\(triggered)")
        let id = try #require(triggered.split(separator: "\"id\": \"").last?.prefix(36))
        try await loseTheBackendsConnections()
        let cancel = try await post("cancel-alert", #"{"id": "\#(id)"}"#)
        #expect(cancel.hasPrefix("HTTP/1.1 503 "), "\(cancel)")
        #expect(try await post("active-alert").contains(#""state": "active""#))
    }
}
