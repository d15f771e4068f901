import CSQLite
import CheckInClient
import Foundation
import SQLiteDatabase

/// The embedded check-in backend: a SQLite file, the default adapter of ``CheckInClient``.
///
/// Opening validates the file before writing anything: a file that is not SQLite, a damaged
/// one, another application's database or one written by a newer schema is reported as a
/// ``SQLiteStoreError`` naming the path — never reset, never a crash (opening reads the
/// application id and `user_version`, then runs `PRAGMA quick_check`, which is linear in the
/// file size — small for a check-in history). A fresh or older file is then migrated in order
/// (`PRAGMA user_version`) inside one `BEGIN IMMEDIATE` transaction that reads the version
/// again first, so two processes opening a fresh file at once do not both migrate it: the
/// second waits for the first and finds nothing to do. The connection runs in WAL mode with
/// `synchronous=NORMAL`; every write is a transaction and every statement is prepared once
/// with bound parameters.
///
/// A check-in row that cannot be decoded (a date that is not an integer, an id that is not a
/// UUID) blocks nothing: it is moved to the table `quarantined_check_ins` with the reason and
/// reported once to `onQuarantine` (``QuarantinedCheckIn``) — at open for what is already
/// damaged, and by any later read that meets one — and everything else carries on. Once open,
/// every operation throws ``CheckInError``.
///
/// ```swift
/// let store = try SQLiteCheckInStore(path: "/var/lib/lifesignal/check-ins.sqlite")
/// let client = store.client
/// _ = try await client.checkIn(at: .now)
/// ```
///
/// Isolation: an `actor` that confines the connection. Calls are short synchronous SQLite
/// operations on the actor's executor. Dates are stored with millisecond precision.
public actor SQLiteCheckInStore {
    /// The schema version this build writes (the number of migrations).
    public static var schemaVersion: Int { Schema.currentVersion }

    /// The database file.
    public nonisolated let path: String

    private let connection: SQLiteConnection
    private let now: @Sendable () -> Date
    private let onQuarantine: @Sendable (QuarantinedCheckIn) -> Void

    /// Opens (creating if needed) and migrates the database at `path`, and moves aside the
    /// check-in rows that cannot be read.
    ///
    /// - Parameters:
    ///   - path: The database file. Its directory must exist.
    ///   - now: The clock used to stamp alerts.
    ///   - onQuarantine: Told of each check-in row that is moved aside, once, from the thread
    ///     that met it (during this initialiser for rows damaged already).
    /// - Throws: A ``SQLiteStoreError`` naming `path` if the file cannot be used.
    public init(
        path: String,
        now: @escaping @Sendable () -> Date = { Date() },
        onQuarantine: @escaping @Sendable (QuarantinedCheckIn) -> Void = { _ in }
    ) throws(SQLiteStoreError) {
        self.path = path
        self.now = now
        self.onQuarantine = onQuarantine
        do {
            connection = try SQLiteConnection(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: Self.accessReason(error, path: path))
        }
        try Self.prepare(connection, path: path)
        do {
            _ = try Self.readCheckIns(
                "SELECT rowid, id, date_ms FROM check_ins",
                [],
                connection: connection,
                path: path,
                now: now,
                onQuarantine: onQuarantine
            )
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
    }

    /// Validates the file and runs pending migrations.
    private static func prepare(_ connection: SQLiteConnection, path: String) throws(SQLiteStoreError) {
        func opening(_ failure: SQLiteFailure) -> SQLiteStoreError {
            if failure.isNotADatabase { return .notADatabase(path: path) }
            if failure.isCorruption { return .corrupt(path: path, reason: failure.message) }
            return .cannotOpen(path: path, reason: accessReason(failure, path: path))
        }
        do {
            // One read transaction, so the checks see one state of a file another process may be
            // migrating (not its schema after the migration and its application id before).
            try connection.transaction(.deferred) { () throws(SQLiteFailure) -> Result<Void, SQLiteStoreError> in
                if case .failure(let error) = try validatedVersion(connection, path: path) { return .failure(error) }
                let check = try connection.statement("PRAGMA quick_check")
                var problems: [String] = []
                while try check.step() {
                    let line = check.text(at: 0) ?? ""
                    if line != "ok" { problems.append(line) }
                }
                guard problems.isEmpty else {
                    return .failure(.corrupt(path: path, reason: problems.prefix(3).joined(separator: "; ")))
                }
                return .success(())
            }.get()
            // Another process may be switching the file to WAL at this very moment.
            try connection.executeRetryingWhileBusy("PRAGMA journal_mode = WAL")
            try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        } catch let error as SQLiteStoreError {
            throw error
        } catch let failure as SQLiteFailure {
            throw opening(failure)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        // The version is read again inside the transaction that migrates: another process may
        // have migrated the file since the check above.
        var target = 0
        do {
            try connection.transaction { () throws(SQLiteFailure) -> Result<Void, SQLiteStoreError> in
                let version: Int
                switch try validatedVersion(connection, path: path) {
                case .success(let found): version = found
                case .failure(let error): return .failure(error)
                }
                for next in stride(from: version + 1, through: Schema.currentVersion, by: 1) {
                    target = next
                    try connection.execute(Schema.migrations[next - 1])
                    if next == 1 { try connection.execute("PRAGMA application_id = \(Schema.applicationID)") }
                    try connection.execute("PRAGMA user_version = \(next)")
                }
                return .success(())
            }.get()
        } catch let error as SQLiteStoreError {
            throw error
        } catch let failure as SQLiteFailure {
            if target == 0 { throw opening(failure) }
            throw .migrationFailed(path: path, version: target, reason: failure.message)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// The schema version of a check-in database, or why the file is not one this build can use.
    private static func validatedVersion(
        _ connection: SQLiteConnection,
        path: String
    ) throws(SQLiteFailure) -> Result<Int, SQLiteStoreError> {
        let applicationID = try connection.integer("PRAGMA application_id")
        let version = Int(try connection.integer("PRAGMA user_version"))
        let objects = try connection.integer("SELECT count(*) FROM sqlite_schema")
        if applicationID != Schema.applicationID {
            if applicationID != 0 {
                let hex = String(applicationID, radix: 16)
                return .failure(.foreignDatabase(path: path, reason: "its application id is 0x\(hex)"))
            }
            if objects > 0 || version != 0 {
                return .failure(
                    .foreignDatabase(
                        path: path,
                        reason: "it has \(objects) schema objects but no check-in application id"
                    )
                )
            }
        }
        if version > Schema.currentVersion {
            return .failure(.newerSchemaVersion(path: path, found: version, supported: Schema.currentVersion))
        }
        return .success(version)
    }

    /// What kept SQLite from opening or writing `path`, said plainly: SQLite itself only says
    /// "unable to open database file". The file system is asked (`access(2)`), because the error
    /// number SQLite keeps is that of its last attempt, not of the one that mattered.
    private static func accessReason(_ failure: SQLiteFailure, path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        let directory = parent.isEmpty ? "." : parent
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            return "it is a directory, not a database file"
        }
        if !FileManager.default.fileExists(atPath: directory) {
            return "the directory \(directory) does not exist"
        }
        // SQLite writes the database and, beside it, its -wal and -shm files.
        let denied: (what: String, code: Int32)? =
            if exists && access(path, R_OK | W_OK) != 0 {
                ("this user cannot read and write it", errno)
            } else if access(directory, W_OK | X_OK) != 0 {
                ("this user cannot create or write files in \(directory)", errno)
            } else {
                nil
            }
        switch denied?.code {
        case EROFS?:
            return "\(directory) is on a read-only file system"
        case let code? where code == EACCES || code == EPERM:
            return "permission denied: \(denied?.what ?? "")"
        default:
            break
        }
        guard failure.systemError != 0 else { return failure.message }
        return "\(failure.message) (\(String(cString: strerror(failure.systemError))))"
    }

    /// A ``CheckInClient`` backed by this store.
    public nonisolated var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in try await self.checkIn(at: date, idempotencyKey: key) },
            history: { limit throws(CheckInError) in try await self.history(limit: limit) },
            triggerAlert: { () throws(CheckInError) in try await self.triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try await self.cancelAlert(id: id) },
            activeAlert: { () throws(CheckInError) in try await self.activeAlert() }
        )
    }

    // MARK: - Check-ins

    /// Records a check-in, or returns the stored one with the same idempotency key.
    ///
    /// - Parameters:
    ///   - date: When the person checked in.
    ///   - idempotencyKey: The id of the check-in.
    /// - Returns: The stored check-in.
    /// - Throws: ``CheckInError/backendFailure(_:)`` naming the file.
    public func checkIn(at date: Date, idempotencyKey: UUID) throws(CheckInError) -> CheckIn {
        try insert(date: date, id: idempotencyKey, enqueue: false)
    }

    /// Records a check-in and, if it is new, queues it for sync — in one transaction.
    ///
    /// Used by the offline-first composite.
    package func checkInPendingSync(at date: Date, idempotencyKey: UUID) throws(CheckInError) -> CheckIn {
        try insert(date: date, id: idempotencyKey, enqueue: true)
    }

    private func insert(date: Date, id: UUID, enqueue: Bool) throws(CheckInError) -> CheckIn {
        try run { () throws(SQLiteFailure) -> Result<CheckIn, CheckInError> in
            try connection.transaction { () throws(SQLiteFailure) -> Result<CheckIn, CheckInError> in
                let key = id.uuidString
                // An unreadable row with this id is moved aside: the new check-in takes its place.
                if let existing = try checkIns("SELECT rowid, id, date_ms FROM check_ins WHERE id = ?", [.text(key)])
                    .first
                {
                    return .success(existing)
                }
                let checkIn = CheckIn(id: id, date: Self.roundedToMilliseconds(date))
                try connection.statement("INSERT INTO check_ins (id, date_ms) VALUES (?, ?)")
                    .bind(.text(key), .integer(Self.milliseconds(date))).run()
                if enqueue {
                    try connection.statement("INSERT INTO pending_sync (check_in_id) VALUES (?)").bind(.text(key)).run()
                }
                return .success(checkIn)
            }
        }.get()
    }

    /// Returns up to `limit` check-ins, newest first (ties: last inserted first).
    ///
    /// A row that cannot be read is moved aside and reported (``QuarantinedCheckIn``); the
    /// others are returned.
    ///
    /// - Parameter limit: The maximum count, in ``CheckInClient/historyLimitRange``.
    /// - Returns: The check-ins.
    /// - Throws: ``CheckInError/invalidInput(_:)`` for a limit out of range;
    ///   ``CheckInError/backendFailure(_:)`` for a storage error.
    public func history(limit: Int) throws(CheckInError) -> [CheckIn] {
        guard CheckInClient.historyLimitRange.contains(limit) else {
            throw .invalidInput("history limit \(limit) is outside \(CheckInClient.historyLimitRange)")
        }
        return try run { () throws(SQLiteFailure) -> Result<[CheckIn], CheckInError> in
            .success(
                try checkIns(
                    "SELECT rowid, id, date_ms FROM check_ins ORDER BY date_ms DESC, rowid DESC LIMIT ?",
                    [.integer(Int64(limit))]
                )
            )
        }.get()
    }

    /// The check-ins waiting to be pushed to a remote, oldest queued first; a queued row that
    /// cannot be read is moved aside (and out of the queue) and reported.
    package func pendingCheckIns() throws(CheckInError) -> [CheckIn] {
        try run { () throws(SQLiteFailure) -> Result<[CheckIn], CheckInError> in
            .success(
                try checkIns(
                    """
                    SELECT c.rowid, c.id, c.date_ms FROM pending_sync p JOIN check_ins c ON c.id = p.check_in_id
                    ORDER BY p.seq
                    """,
                    []
                )
            )
        }.get()
    }

    /// The check-ins of `sql` (whose columns are `rowid, id, date_ms`), unreadable rows moved aside.
    private func checkIns(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteFailure) -> [CheckIn] {
        try Self.readCheckIns(sql, values, connection: connection, path: path, now: now, onQuarantine: onQuarantine)
    }

    /// Runs `sql` (whose columns are `rowid, id, date_ms`) and decodes its rows. Rows that cannot
    /// be decoded are moved to the quarantine table and reported, and the query runs again, so
    /// a `LIMIT` still counts readable rows; each round removes rows, so it ends.
    private static func readCheckIns(
        _ sql: String,
        _ values: [SQLiteValue],
        connection: SQLiteConnection,
        path: String,
        now: @Sendable () -> Date,
        onQuarantine: @Sendable (QuarantinedCheckIn) -> Void
    ) throws(SQLiteFailure) -> [CheckIn] {
        while true {
            let query = try connection.statement(sql)
            try query.bind(values)
            var result: [CheckIn] = []
            var unreadable: [(rowID: Int64, report: QuarantinedCheckIn)] = []
            while try query.step() {
                switch decodeCheckIn(query, from: 1) {
                case .success(let checkIn):
                    result.append(checkIn)
                case .failure(let problem):
                    let storedID = query.text(at: 1) ?? query.describe(at: 1)
                    let report = QuarantinedCheckIn(storedID: storedID, reason: problem.reason, path: path)
                    unreadable.append((query.int64(at: 0) ?? 0, report))
                }
            }
            guard !unreadable.isEmpty else { return result }
            try quarantine(unreadable, connection: connection, now: now)
            for row in unreadable { onQuarantine(row.report) }
        }
    }

    /// Moves check-in rows to the quarantine table, out of `check_ins` and the sync queue, in one
    /// transaction (or in the caller's).
    private static func quarantine(
        _ rows: [(rowID: Int64, report: QuarantinedCheckIn)],
        connection: SQLiteConnection,
        now: @Sendable () -> Date
    ) throws(SQLiteFailure) {
        let movedAt = milliseconds(now())
        let move = { () throws(SQLiteFailure) in
            for row in rows {
                try connection.statement(
                    """
                    INSERT INTO \(Schema.quarantineTable) (id, date_ms, reason, quarantined_ms)
                    SELECT id, date_ms, ?, ? FROM check_ins WHERE rowid = ?
                    """
                )
                .bind(.text(row.report.reason), .integer(movedAt), .integer(row.rowID)).run()
                try connection.statement(
                    "DELETE FROM pending_sync WHERE check_in_id = (SELECT id FROM check_ins WHERE rowid = ?)"
                )
                .bind(.integer(row.rowID)).run()
                try connection.statement("DELETE FROM check_ins WHERE rowid = ?").bind(.integer(row.rowID)).run()
            }
        }
        if connection.isInTransaction {
            try move()
        } else {
            try connection.transaction(.immediate, move)
        }
    }

    /// Removes a check-in from the sync queue once the remote acknowledged it.
    package func markSynced(id: UUID) throws(CheckInError) {
        try run { () throws(SQLiteFailure) -> Result<Void, CheckInError> in
            try connection.statement("DELETE FROM pending_sync WHERE check_in_id = ?").bind(.text(id.uuidString)).run()
            return .success(())
        }.get()
    }

    // MARK: - Alerts

    /// Triggers an alert.
    ///
    /// - Returns: The new active alert.
    /// - Throws: ``CheckInError/alreadyActive`` if one is active, or ``CheckInError/backendFailure(_:)``.
    public func triggerAlert() throws(CheckInError) -> Alert {
        try run { () throws(SQLiteFailure) -> Result<Alert, CheckInError> in
            try connection.transaction { () throws(SQLiteFailure) -> Result<Alert, CheckInError> in
                switch try fetchActiveAlert() {
                case .success(.some): return .failure(.alreadyActive)
                case .failure(let error): return .failure(error)
                case .success(.none): break
                }
                let alert = Alert(id: UUID(), state: .active, triggeredAt: Self.roundedToMilliseconds(now()))
                try connection.statement("INSERT INTO alerts (id, state, triggered_ms) VALUES (?, 'active', ?)")
                    .bind(.text(alert.id.uuidString), .integer(Self.milliseconds(alert.triggeredAt))).run()
                return .success(alert)
            }
        }.get()
    }

    /// Cancels an alert.
    ///
    /// - Parameter id: The alert's id.
    /// - Returns: The cancelled alert.
    /// - Throws: ``CheckInError/notFound``, ``CheckInError/notActive`` or ``CheckInError/backendFailure(_:)``.
    public func cancelAlert(id: UUID) throws(CheckInError) -> Alert {
        try run { () throws(SQLiteFailure) -> Result<Alert, CheckInError> in
            try connection.transaction { () throws(SQLiteFailure) -> Result<Alert, CheckInError> in
                let query = try connection.statement(
                    "SELECT id, state, triggered_ms, cancelled_ms FROM alerts WHERE id = ?"
                )
                try query.bind(.text(id.uuidString))
                guard try query.step() else { return .failure(.notFound) }
                let decoded = decodeAlert(query)
                query.finish()
                guard case .success(var alert) = decoded else { return decoded }
                guard alert.state == .active else { return .failure(.notActive) }
                alert.state = .cancelled
                alert.cancelledAt = Self.roundedToMilliseconds(now())
                try connection.statement("UPDATE alerts SET state = 'cancelled', cancelled_ms = ? WHERE id = ?")
                    .bind(.integer(Self.milliseconds(alert.cancelledAt ?? now())), .text(id.uuidString)).run()
                return .success(alert)
            }
        }.get()
    }

    /// Returns the active alert, if any.
    ///
    /// - Returns: The active alert, or `nil`.
    /// - Throws: ``CheckInError/backendFailure(_:)``.
    public func activeAlert() throws(CheckInError) -> Alert? {
        try run { () throws(SQLiteFailure) -> Result<Alert?, CheckInError> in try fetchActiveAlert() }.get()
    }

    private func fetchActiveAlert() throws(SQLiteFailure) -> Result<Alert?, CheckInError> {
        let query = try connection.statement(
            "SELECT id, state, triggered_ms, cancelled_ms FROM alerts WHERE state = 'active' LIMIT 1"
        )
        defer { query.finish() }
        guard try query.step() else { return .success(nil) }
        return decodeAlert(query).map { $0 }
    }

    // MARK: - Decoding and errors

    /// Why a row could not be read.
    private struct RowProblem: Error {
        var reason: String
    }

    /// The check-in in the columns `id, date_ms` starting at `column`.
    private static func decodeCheckIn(_ row: SQLiteStatement, from column: Int32) -> Result<CheckIn, RowProblem> {
        guard let text = row.text(at: column), let id = UUID(uuidString: text) else {
            return .failure(RowProblem(reason: "its id is \(row.describe(at: column)), not a UUID"))
        }
        guard let milliseconds = row.int64(at: column + 1) else {
            return .failure(
                RowProblem(reason: "its date is \(row.describe(at: column + 1)), not a number of milliseconds")
            )
        }
        return .success(CheckIn(id: id, date: date(milliseconds)))
    }

    private func decodeAlert(_ row: SQLiteStatement) -> Result<Alert, CheckInError> {
        guard let text = row.text(at: 0), let id = UUID(uuidString: text) else {
            return .failure(corruptRow("an alert has an invalid id (\(row.describe(at: 0)))"))
        }
        guard let stateText = row.text(at: 1), let state = AlertState(rawValue: stateText) else {
            return .failure(corruptRow("alert \(text) has an invalid state (\(row.describe(at: 1)))"))
        }
        guard let triggered = row.int64(at: 2) else {
            return .failure(corruptRow("alert \(text) has an invalid trigger date (\(row.describe(at: 2)))"))
        }
        let cancelled = row.int64(at: 3)
        if cancelled == nil && !row.isNull(at: 3) {
            return .failure(corruptRow("alert \(text) has an invalid cancel date (\(row.describe(at: 3)))"))
        }
        return .success(
            Alert(id: id, state: state, triggeredAt: Self.date(triggered), cancelledAt: cancelled.map(Self.date))
        )
    }

    private func corruptRow(_ detail: String) -> CheckInError {
        .backendFailure("corrupt row in check-in database \(path): \(detail)")
    }

    /// Runs storage work, mapping SQLite failures to ``CheckInError`` naming the file.
    private func run<T>(
        _ body: () throws(SQLiteFailure) -> Result<T, CheckInError>
    ) throws(CheckInError) -> Result<T, CheckInError> {
        do {
            return try body()
        } catch {
            if error.isCorruption {
                throw .backendFailure("check-in database \(path) is corrupt: \(error.message)")
            }
            throw .backendFailure("SQLite error \(error.code) on \(path): \(error.message)")
        }
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    private static func roundedToMilliseconds(_ date: Date) -> Date {
        Self.date(milliseconds(date))
    }
}
