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
/// file size — small for a check-in history). A fresh or older file is
/// migrated in order (`PRAGMA user_version`), each migration in its own transaction. The
/// connection runs in WAL mode with `synchronous=NORMAL`; every write is a transaction and
/// every statement is prepared once with bound parameters.
///
/// Once open, every operation throws ``CheckInError``; a row that cannot be decoded (for
/// example a date that is not an integer) is ``CheckInError/backendFailure(_:)`` naming the
/// file and the row.
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

    /// Opens (creating if needed) and migrates the database at `path`.
    ///
    /// - Parameters:
    ///   - path: The database file. Its directory must exist.
    ///   - now: The clock used to stamp alerts.
    /// - Throws: A ``SQLiteStoreError`` naming `path` if the file cannot be used.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) throws(SQLiteStoreError) {
        self.path = path
        self.now = now
        do {
            connection = try SQLiteConnection(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
        try Self.prepare(connection, path: path)
    }

    /// Validates the file and runs pending migrations.
    private static func prepare(_ connection: SQLiteConnection, path: String) throws(SQLiteStoreError) {
        func opening(_ failure: SQLiteFailure) -> SQLiteStoreError {
            if failure.isNotADatabase { return .notADatabase(path: path) }
            if failure.isCorruption { return .corrupt(path: path, reason: failure.message) }
            return .cannotOpen(path: path, reason: failure.message)
        }
        let applicationID: Int64
        let version: Int
        do {
            applicationID = try connection.integer("PRAGMA application_id")
            version = Int(try connection.integer("PRAGMA user_version"))
            let objects = try connection.integer("SELECT count(*) FROM sqlite_schema")
            if applicationID != Schema.applicationID {
                if applicationID != 0 {
                    let hex = String(applicationID, radix: 16)
                    throw SQLiteStoreError.foreignDatabase(path: path, reason: "its application id is 0x\(hex)")
                }
                if objects > 0 || version != 0 {
                    throw SQLiteStoreError.foreignDatabase(
                        path: path,
                        reason: "it has \(objects) schema objects but no check-in application id"
                    )
                }
            }
            if version > Schema.currentVersion {
                throw SQLiteStoreError.newerSchemaVersion(path: path, found: version, supported: Schema.currentVersion)
            }
            let check = try connection.statement("PRAGMA quick_check")
            var problems: [String] = []
            while try check.step() {
                let line = check.text(at: 0) ?? ""
                if line != "ok" { problems.append(line) }
            }
            if !problems.isEmpty {
                throw SQLiteStoreError.corrupt(path: path, reason: problems.prefix(3).joined(separator: "; "))
            }
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
        } catch let error as SQLiteStoreError {
            throw error
        } catch let failure as SQLiteFailure {
            throw opening(failure)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        for target in stride(from: version + 1, through: Schema.currentVersion, by: 1) {
            do {
                try connection.transaction { () throws(SQLiteFailure) in
                    try connection.execute(Schema.migrations[target - 1])
                    if target == 1 { try connection.execute("PRAGMA application_id = \(Schema.applicationID)") }
                    try connection.execute("PRAGMA user_version = \(target)")
                }
            } catch {
                throw .migrationFailed(path: path, version: target, reason: error.message)
            }
        }
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
                let existing = try connection.statement("SELECT id, date_ms FROM check_ins WHERE id = ?")
                try existing.bind(.text(key))
                if try existing.step() {
                    defer { existing.finish() }
                    return decodeCheckIn(existing)
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
    /// - Parameter limit: The maximum count, in ``CheckInClient/historyLimitRange``.
    /// - Returns: The check-ins.
    /// - Throws: ``CheckInError/invalidInput(_:)`` for a limit out of range;
    ///   ``CheckInError/backendFailure(_:)`` for a storage error or a corrupt row.
    public func history(limit: Int) throws(CheckInError) -> [CheckIn] {
        guard CheckInClient.historyLimitRange.contains(limit) else {
            throw .invalidInput("history limit \(limit) is outside \(CheckInClient.historyLimitRange)")
        }
        return try run { () throws(SQLiteFailure) -> Result<[CheckIn], CheckInError> in
            let query = try connection.statement(
                "SELECT id, date_ms FROM check_ins ORDER BY date_ms DESC, rowid DESC LIMIT ?"
            )
            try query.bind(.integer(Int64(limit)))
            var result: [CheckIn] = []
            while try query.step() {
                switch decodeCheckIn(query) {
                case .success(let checkIn): result.append(checkIn)
                case .failure(let error):
                    query.finish()
                    return .failure(error)
                }
            }
            return .success(result)
        }.get()
    }

    /// The check-ins waiting to be pushed to a remote, oldest queued first.
    package func pendingCheckIns() throws(CheckInError) -> [CheckIn] {
        try run { () throws(SQLiteFailure) -> Result<[CheckIn], CheckInError> in
            let query = try connection.statement(
                "SELECT c.id, c.date_ms FROM pending_sync p JOIN check_ins c ON c.id = p.check_in_id ORDER BY p.seq"
            )
            var result: [CheckIn] = []
            while try query.step() {
                switch decodeCheckIn(query) {
                case .success(let checkIn): result.append(checkIn)
                case .failure(let error):
                    query.finish()
                    return .failure(error)
                }
            }
            return .success(result)
        }.get()
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

    private func decodeCheckIn(_ row: SQLiteStatement) -> Result<CheckIn, CheckInError> {
        guard let text = row.text(at: 0), let id = UUID(uuidString: text) else {
            return .failure(corruptRow("a check-in has an invalid id (\(row.describe(at: 0)))"))
        }
        guard let milliseconds = row.int64(at: 1) else {
            return .failure(corruptRow("check-in \(text) has an invalid date (\(row.describe(at: 1)))"))
        }
        return .success(CheckIn(id: id, date: Self.date(milliseconds)))
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
