import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The reference backend creates or migrates its schema when it starts, under a lock, so that
/// processes starting together agree; it refuses a database of a newer schema version, with a
/// message and status 2, and leaves it as it was.
@Suite("Reference backend: schema versions and migrations", .serialized, .timeLimit(.minutes(5)))
struct BackendSchemaTests {
    private static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// Holds an uncommitted `CREATE TABLE checkin_schema_migrations` on a PostgreSQL database
    /// until `waiters` sessions wait for a lock there, then rolls it back. A backend that
    /// migrates without the advisory lock then races the others (at most one creates the table);
    /// with it, the first migrates and the others wait their turn.
    private static let schemaGate = """
        import sys, time, psycopg
        url, waiters = sys.argv[1], int(sys.argv[2])
        with psycopg.connect(url) as held, psycopg.connect(url, autocommit=True) as watcher:
            held.execute("CREATE TABLE checkin_schema_migrations (version integer)")
            print("holding", flush=True)
            waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
            deadline = time.monotonic() + 120
            while watcher.execute(waiting).fetchone()[0] < waiters:
                if time.monotonic() > deadline:
                    sys.exit("the backends did not all wait for the schema")
                time.sleep(0.02)
            held.rollback()
        """

    @Test(arguments: BackendStorage.available)
    func processesStartingTogetherOnANewDatabaseAgreeOnItsSchema(storage: BackendStorage) async throws {
        let count = 4
        let directory = try TemporaryDirectory()
        let database = try await storage.makeDatabase(in: directory)
        defer { database.remove() }
        var gate: ServerProcess?
        if storage == .postgresql {
            let script = directory.url.appendingPathComponent("schema_gate.py")
            try Data(Self.schemaGate.utf8).write(to: script)
            gate = try await ServerProcess.start(script: script, arguments: [database.argument, "\(count)"])
        }
        defer { gate?.stop() }

        let group = try await BackendProcessGroup.start(count, database: database.argument, in: directory)
        defer { group.stop() }

        // The gate saw all of them wait (it says otherwise on standard error, and lets them go).
        #expect(gate?.errorOutput.isEmpty ?? true, "\(gate?.errorOutput ?? "")")
        let clients = group.clients()
        let checkIn = try await clients[0].checkIn(at: Self.date)
        for client in clients {
            #expect(try await client.history(limit: 10) == [checkIn])
        }
        if storage == .sqlite {
            #expect(try queryInteger("PRAGMA user_version", on: database.argument) == 1)
        }
    }

    /// A database a newer backend migrated (schema version 2, where this one knows 1).
    private static func newerDatabase(
        _ storage: BackendStorage,
        in directory: TemporaryDirectory
    ) async throws
        -> BackendDatabase
    {
        let database = try await storage.makeDatabase(in: directory)
        switch storage {
        case .sqlite:
            try executeSQL("PRAGMA user_version = 2", on: database.argument)
        case .postgresql:
            try await PostgreSQLTestServer.execute(
                """
                CREATE TABLE checkin_schema_migrations (version integer PRIMARY KEY, applied_at timestamptz);
                INSERT INTO checkin_schema_migrations (version) VALUES (1), (2)
                """,
                on: database.argument
            )
        }
        return database
    }

    @Test(arguments: BackendStorage.available)
    func aDatabaseOfANewerSchemaVersionStopsTheBackendWithAClearError(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let database = try await Self.newerDatabase(storage, in: directory)
        defer { database.remove() }

        let error = await #expect(throws: ServerProcess.StartupError.self) {
            _ = try await BackendStarts.backend(database: database.argument)
        }

        #expect(error?.status == 2)
        #expect(
            error?.errorOutput.contains("holds check-ins of schema version 2, newer than this backend's (1)") == true
        )
        #expect(error?.errorOutput.contains("Traceback") == false)
        // Left as it was: a second try says the same.
        let again = await #expect(throws: ServerProcess.StartupError.self) {
            _ = try await BackendStarts.backend(database: database.argument)
        }
        #expect(again?.errorOutput.contains("schema version 2") == true)
    }

    /// A file of the first backend, which had no schema version: its tables are kept, its rows
    /// too, and it is at version 1 afterwards.
    @Test func aSQLiteFileOfTheFirstBackendIsMigratedWithItsCheckIns() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("first-backend.sqlite")
        let key = UUID()
        try executeSQL(
            """
            CREATE TABLE check_ins (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, date_ms INTEGER NOT NULL);
            CREATE TABLE alerts (id TEXT PRIMARY KEY NOT NULL, state TEXT NOT NULL, triggered_ms INTEGER NOT NULL,
                                 cancelled_ms INTEGER);
            INSERT INTO check_ins (id, date_ms) VALUES ('\(key.uuidString.lowercased())', 1800000000000);
            """,
            on: path
        )

        let backend = try await BackendStarts.backend(database: path)
        defer { backend.stop() }
        let client = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client

        #expect(try await client.history(limit: 10) == [CheckIn(id: key, date: Self.date)])
        #expect(try queryInteger("PRAGMA user_version", on: path) == 1)
    }
}
