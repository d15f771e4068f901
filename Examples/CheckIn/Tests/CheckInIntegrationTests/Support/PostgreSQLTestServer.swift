import ExampleTestSupport
import Foundation
import Testing

/// The PostgreSQL server the tests create their databases on: the URL in the environment
/// variable `CHECKIN_TEST_POSTGRESQL`, whose role may create databases. `bash .ci/run` starts
/// one (`Backend/pgcluster.py start`) and sets it; so can a developer:
///
/// ```sh
/// export CHECKIN_TEST_POSTGRESQL=$(python3 Examples/CheckIn/Backend/pgcluster.py start /tmp/checkin-pg)
/// ```
///
/// Without it the PostgreSQL tests are skipped, and the run says why (``notConfigured``); with
/// `CI` set, ``PostgreSQLBackendTests`` fails instead, so CI cannot pass without them.
enum PostgreSQLTestServer {
    /// The environment variable that names the server.
    static let variable = "CHECKIN_TEST_POSTGRESQL"

    /// The server's URL, or `nil` when none is configured.
    static let url: String? = ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether a server is configured.
    static var isConfigured: Bool { url != nil }

    /// Whether this run is CI's (`CI` set, as every CI service sets it).
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false

    /// Why the PostgreSQL tests are skipped.
    static let notConfigured: Comment = """
        PostgreSQL is not configured: set CHECKIN_TEST_POSTGRESQL to the URL of a server where the tests may \
        create databases, e.g. the one `python3 Examples/CheckIn/Backend/pgcluster.py start DIR` prints (it needs \
        PostgreSQL's server and client tools, and psycopg; see Examples/CheckIn/README.md). The PostgreSQL cases of \
        the contract, hostile-client, stateless-process, schema and load-and-faults suites do not run.
        """

    /// `Examples/CheckIn/Backend/pgcluster.py`.
    static let clusterScript = BackendProcess.serverScript.deletingLastPathComponent()
        .appendingPathComponent("pgcluster.py")

    /// Creates an empty database on the configured server (with `createdb`, PostgreSQL's client
    /// tool: a C program, cheap to start beside dozens of backends).
    ///
    /// - Returns: Its URL: the server's, with the new database's name.
    /// - Throws: When no server is configured or the database cannot be created.
    static func createDatabase() async throws -> String {
        let server = try #require(url, notConfigured)
        let name = "checkin_test_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try await Command.run(["createdb", "--maintenance-db=\(server)", name])
        return try Self.url(server, database: name)
    }

    /// Drops a database ``createDatabase()`` made, closing its connections; blocks until done,
    /// for a tear-down. A failure is recorded, not thrown.
    ///
    /// - Parameter database: Its URL.
    static func dropDatabase(_ database: String) {
        do {
            let server = try #require(url, notConfigured)
            let name = try Self.name(database)
            _ = try Command.runBlocking(["dropdb", "--force", "--if-exists", "--maintenance-db=\(server)", name])
        } catch {
            Issue.record(error, "dropping a test database")
        }
    }

    /// Runs SQL on a database, outside any backend (with `psql`): to build fixtures (another
    /// schema version, tables no backend made), as `executeSQL(_:on:)` does for SQLite files.
    ///
    /// - Parameters:
    ///   - sql: One or more statements.
    ///   - database: The database's URL.
    static func execute(_ sql: String, on database: String) async throws {
        _ = try await Command.run([
            "psql", "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--command=\(sql)", database,
        ])
    }

    /// The parts of a `postgresql://` URL around its database name.
    private static func parts(_ url: String) throws -> (before: Substring, name: Substring, after: Substring) {
        let scheme = try #require(url.range(of: "://"), "not a URL: the value of \(variable)")
        let rest = url[scheme.upperBound...]
        let end = rest.firstIndex(of: "?") ?? rest.endIndex
        guard let slash = rest[..<end].firstIndex(of: "/") else { return (url[..<end], "", url[end...]) }
        return (url[..<slash], url[url.index(after: slash)..<end], url[end...])
    }

    private static func url(_ server: String, database name: String) throws -> String {
        let (before, _, after) = try parts(server)
        return "\(before)/\(name)\(after)"
    }

    private static func name(_ database: String) throws -> String {
        String(try parts(database).name)
    }
}
