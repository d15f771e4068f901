import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

import class Aqueduct.LockedValue

/// Opening, validating and migrating the SQLite file; damaged rows.
@Suite("SQLite check-in store", .timeLimit(.minutes(3)))
struct SQLiteCheckInStoreTests {
    private static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// Opens the store at `path`, returning the error instead of throwing it.
    private static func openError(_ path: String) -> SQLiteStoreError? {
        do {
            _ = try SQLiteCheckInStore(path: path)
            return nil
        } catch {
            return error
        }
    }

    /// Creates a store at `path`, runs `body`, and releases it (closing the file).
    private static func withStore(_ path: String, _ body: (SQLiteCheckInStore) async throws -> Void) async throws {
        let store = try SQLiteCheckInStore(path: path)
        try await body(store)
    }

    @Test func newFileIsCreatedAtTheCurrentVersionInWALMode() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        try await Self.withStore(path) { store in
            _ = try await store.checkIn(at: Self.date, idempotencyKey: UUID())
        }

        #expect(try queryInteger("PRAGMA user_version", on: path) == Int64(SQLiteCheckInStore.schemaVersion))
        #expect(try queryInteger("SELECT count(*) FROM check_ins", on: path) == 1)
        #expect(try queryInteger("SELECT count(*) FROM pragma_journal_mode WHERE journal_mode = 'wal'", on: path) == 1)
    }

    @Test func dataSurvivesReopening() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("reopen.sqlite")
        let key = UUID()
        try await Self.withStore(path) { store in
            _ = try await store.checkIn(at: Self.date, idempotencyKey: key)
            _ = try await store.triggerAlert()
        }

        let reopened = try SQLiteCheckInStore(path: path)

        #expect(try await reopened.history(limit: 10) == [CheckIn(id: key, date: Self.date)])
        #expect(try await reopened.activeAlert() != nil)
    }

    @Test func fileThatIsNotSQLiteIsRejectedByPathAndLeftUntouched() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.txt")
        let contents = Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8)
        try contents.write(to: URL(fileURLWithPath: path))

        let error = Self.openError(path)

        #expect(error == .notADatabase(path: path))
        #expect(error?.description.contains(path) == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }

    @Test func corruptDatabaseIsRejectedByPathAndLeftUntouched() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("corrupt.sqlite")
        try await Self.withStore(path) { store in
            for offset in 0..<300 {
                _ = try await store.checkIn(at: Self.date.addingTimeInterval(Double(offset)), idempotencyKey: UUID())
            }
        }
        // Overwrite everything after the first page (the header and schema stay readable).
        let url = URL(fileURLWithPath: path)
        var bytes = try Data(contentsOf: url)
        let pageSize = Int(try queryInteger("PRAGMA page_size", on: path))
        try #require(bytes.count > pageSize * 3)
        for index in pageSize..<bytes.count { bytes[index] = 0xA5 }
        try bytes.write(to: url)

        let error = try #require(Self.openError(path))

        guard case .corrupt(let errorPath, _) = error else {
            Issue.record("expected .corrupt, got \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(error.description.contains(path))
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test func anotherApplicationsDatabaseIsForeign() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other-app.sqlite")
        try executeSQL(
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hi')",
            on: path
        )

        let error = try #require(Self.openError(path))

        guard case .foreignDatabase(let errorPath, _) = error else {
            Issue.record("expected .foreignDatabase, got \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(error.description.contains(path))
        #expect(try queryInteger("SELECT count(*) FROM notes", on: path) == 1)
    }

    @Test func databaseWithAnotherApplicationIDIsForeign() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other-id.sqlite")
        try executeSQL("PRAGMA application_id = 1234; CREATE TABLE t (x)", on: path)

        let error = try #require(Self.openError(path))

        guard case .foreignDatabase(let errorPath, let reason) = error else {
            Issue.record("expected .foreignDatabase, got \(error)")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains("0x4d2"))
    }

    @Test func newerSchemaVersionIsRejectedByPath() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("future.sqlite")
        try await Self.withStore(path) { _ in }
        let future = SQLiteCheckInStore.schemaVersion + 7
        try executeSQL("PRAGMA user_version = \(future)", on: path)

        let error = Self.openError(path)

        #expect(error == .newerSchemaVersion(path: path, found: future, supported: SQLiteCheckInStore.schemaVersion))
        #expect(error?.description.contains(path) == true)
        #expect(try queryInteger("PRAGMA user_version", on: path) == Int64(future))
    }

    @Test func missingDirectoryCannotBeOpened() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("missing/dir/store.sqlite")

        let error = try #require(Self.openError(path))

        guard case .cannotOpen(let errorPath, _) = error else {
            Issue.record("expected .cannotOpen, got \(error)")
            return
        }
        #expect(errorPath == path)
    }

    @Test func versionOneDatabaseIsMigratedKeepingItsData() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v1.sqlite")
        let key = UUID()
        // A database as version 1 of the app wrote it (frozen copy of the v1 schema).
        try executeSQL(
            """
            PRAGMA application_id = \(0x4151_4349);
            CREATE TABLE check_ins (id TEXT PRIMARY KEY NOT NULL, date_ms INTEGER NOT NULL);
            CREATE INDEX check_ins_by_date ON check_ins (date_ms DESC);
            CREATE TABLE alerts (
                id TEXT PRIMARY KEY NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('active', 'cancelled')),
                triggered_ms INTEGER NOT NULL,
                cancelled_ms INTEGER
            );
            CREATE UNIQUE INDEX alerts_one_active ON alerts (state) WHERE state = 'active';
            INSERT INTO check_ins (id, date_ms) VALUES ('\(key.uuidString)', 1800000000000);
            PRAGMA user_version = 1;
            """,
            on: path
        )

        let store = try SQLiteCheckInStore(path: path)

        #expect(try queryInteger("PRAGMA user_version", on: path) == Int64(SQLiteCheckInStore.schemaVersion))
        #expect(try await store.history(limit: 10) == [CheckIn(id: key, date: Self.date)])
        let queued = try await store.checkInPendingSync(at: Self.date.addingTimeInterval(1), idempotencyKey: UUID())
        #expect(try await store.pendingCheckIns() == [queued])
    }

    /// A queued check-in whose date is not a number (`quick_check` does not see it): moved to
    /// the quarantine table and reported once with its id and the reason, while the other
    /// check-ins stay queued and readable — on this open and every later one.
    @Test func anUndecodableQueuedRowIsMovedAsideReportedOnceAndBlocksNothing() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad-row.sqlite")
        var written: [CheckIn] = []
        try await Self.withStore(path) { store in
            for minutes in 0..<3 {
                written.append(
                    try await store.checkInPendingSync(
                        at: Self.date.addingTimeInterval(Double(minutes) * 60),
                        idempotencyKey: UUID()
                    )
                )
            }
        }
        let damaged = written[1]
        try executeSQL("UPDATE check_ins SET date_ms = 'yesterday-ish' WHERE id = '\(damaged.id.uuidString)'", on: path)
        let reports = Reports()

        let store = try SQLiteCheckInStore(path: path, onQuarantine: reports.append)

        #expect(
            reports.all == [
                QuarantinedCheckIn(
                    storedID: damaged.id.uuidString,
                    reason: "its date is TEXT 'yesterday-ish', not a number of milliseconds",
                    path: path
                )
            ]
        )
        #expect(reports.all.first?.description.contains(damaged.id.uuidString) == true)
        #expect(try await store.pendingCheckIns() == [written[0], written[2]])
        #expect(try await store.history(limit: 10) == [written[2], written[0]])
        #expect(
            try queryInteger("SELECT count(*) FROM quarantined_check_ins WHERE date_ms = 'yesterday-ish'", on: path)
                == 1
        )

        _ = try SQLiteCheckInStore(path: path, onQuarantine: reports.append)
        #expect(reports.all.count == 1, "reported again: \(reports.all)")
    }

    /// A row damaged while the store is open is met by the next read: moved aside there, and the
    /// read answers with the rest.
    @Test func aRowDamagedWhileTheStoreIsOpenIsMovedAsideByTheNextRead() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("damaged-later.sqlite")
        let reports = Reports()
        let store = try SQLiteCheckInStore(path: path, onQuarantine: reports.append)
        let kept = try await store.checkIn(at: Self.date, idempotencyKey: UUID())
        let damaged = try await store.checkIn(at: Self.date.addingTimeInterval(60), idempotencyKey: UUID())
        try executeSQL("UPDATE check_ins SET id = 'not-a-uuid' WHERE id = '\(damaged.id.uuidString)'", on: path)

        #expect(try await store.history(limit: 10) == [kept])
        #expect(reports.all.map(\.storedID) == ["not-a-uuid"])
        #expect(reports.all.first?.reason == "its id is TEXT 'not-a-uuid', not a UUID")
    }

    /// The schema version is read again inside the transaction that migrates: two stores opening
    /// one fresh file at once, on two threads of their own (SQLite waits for locks by blocking),
    /// both succeed, and the file is migrated once.
    @Test func twoStoresOpeningAFreshFileTogetherBothSucceed() async throws {
        for _ in 0..<20 {
            let directory = try TemporaryDirectory()
            let path = directory.path("fresh.sqlite")
            let (opened, open) = AsyncStream.makeStream(of: SQLiteStoreError?.self)
            let threads = (0..<2).map { _ in Thread { open.yield(Self.openError(path)) } }
            threads.forEach { $0.start() }
            var errors: [SQLiteStoreError?] = []
            for await error in opened {
                errors.append(error)
                if errors.count == 2 { break }  // both stores opened, or failed to
            }

            #expect(errors.compactMap { $0 }.isEmpty, "\(errors)")
            #expect(try queryInteger("PRAGMA user_version", on: path) == Int64(SQLiteCheckInStore.schemaVersion))
        }
    }

    @Test func alertRowWithAGarbageCancelDateIsAClearError() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("bad-alert.sqlite")
        try await Self.withStore(path) { store in
            _ = try await store.triggerAlert()
        }
        try executeSQL("UPDATE alerts SET cancelled_ms = X'00FF'", on: path)
        let store = try SQLiteCheckInStore(path: path)

        let error = await thrownError { () async throws(CheckInError) in try await store.activeAlert() }

        #expect(error?.kind == "backendFailure")
        #expect(error?.reason.contains(path) == true)
        #expect(error?.reason.contains("invalid cancel date") == true)
    }
}

/// The rows a store reported as moved aside, in order.
private final class Reports: Sendable {
    private let reports = LockedValue<[QuarantinedCheckIn]>([])

    var all: [QuarantinedCheckIn] { reports.withLock { $0 } }

    func append(_ report: QuarantinedCheckIn) {
        reports.withLock { $0.append(report) }
    }
}
