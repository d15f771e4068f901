import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C destructor value that tells SQLite to copy a bound buffer (`SQLITE_TRANSIENT` is a
/// macro and is not imported).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One libsqlite3 connection with a cache of prepared statements: the SQLite platform client.
/// It knows SQL and result codes; what the tables mean is the adapter's business.
///
/// Not `Sendable`: the handle must be used by one thread at a time, so the owner (an actor)
/// confines it. Closing happens in `deinit`.
package final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    package init(path: String) throws(SQLiteFailure) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemError = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle)
            throw SQLiteFailure(code: code, message: message, systemError: systemError)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5_000)
    }

    deinit {
        statements.removeAll()  // finalize before closing
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements without parameters.
    package func execute(_ sql: String) throws(SQLiteFailure) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteFailure(code: code, message: message, systemError: sqlite3_system_errno(handle))
        }
    }

    /// Runs `sql` like ``execute(_:)``, trying again for up to `timeout` while another connection
    /// holds a lock SQLite will not wait for.
    ///
    /// The busy timeout does not cover every wait: where waiting could deadlock — two connections
    /// that both read a file and both want to write it, as two processes switching a fresh file
    /// to WAL at once do — SQLite fails one of them with `SQLITE_BUSY` at once. The other finishes
    /// in a moment, so trying again is what works.
    package func executeRetryingWhileBusy(_ sql: String, timeout: Duration = .seconds(5)) throws(SQLiteFailure) {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                return try execute(sql)
            } catch  where error.code & 0xFF == SQLITE_BUSY && ContinuousClock.now < deadline {
                usleep(10_000)
            }
        }
    }

    /// Returns a cached prepared statement for `sql`, reset and with bindings cleared.
    package func statement(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else {
            throw SQLiteFailure(code: code, message: lastMessage)
        }
        let statement = SQLiteStatement(raw, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs a query returning one integer (for example a pragma).
    package func integer(_ sql: String) throws(SQLiteFailure) -> Int64 {
        let statement = try statement(sql)
        defer { statement.finish() }
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0) ?? 0
    }

    /// How a transaction takes its locks.
    package enum TransactionKind: String {
        /// `BEGIN IMMEDIATE`: the write lock at once, so a transaction that reads then writes
        /// never finds that another connection wrote in between.
        case immediate = "BEGIN IMMEDIATE"
        /// `BEGIN DEFERRED`: a read transaction until it writes; its reads see one snapshot.
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (or another `kind`), rolling back if it throws.
    package func transaction<T>(
        _ kind: TransactionKind = .immediate,
        _ body: () throws(SQLiteFailure) -> T
    ) throws(SQLiteFailure) -> T {
        try execute(kind.rawValue)
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    package var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    fileprivate func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: lastMessage, systemError: sqlite3_system_errno(handle))
    }
}

/// A prepared statement owned by a ``SQLiteConnection``; finalized in `deinit`.
package final class SQLiteStatement {
    private let raw: OpaquePointer
    private unowned let connection: SQLiteConnection

    fileprivate init(_ raw: OpaquePointer, connection: SQLiteConnection) {
        self.raw = raw
        self.connection = connection
    }

    deinit { sqlite3_finalize(raw) }

    fileprivate func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    /// Releases the statement's read snapshot early (otherwise the next use resets it).
    package func finish() {
        sqlite3_reset(raw)
    }

    /// Binds parameters by position (1-based in SQL, given here in order).
    @discardableResult
    package func bind(_ values: SQLiteValue...) throws(SQLiteFailure) -> SQLiteStatement {
        try bind(values)
    }

    /// Binds parameters by position (1-based in SQL, given here in order).
    @discardableResult
    package func bind(_ values: [SQLiteValue]) throws(SQLiteFailure) -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let integer): code = sqlite3_bind_int64(raw, index, integer)
            case .text(let text): code = sqlite3_bind_text(raw, index, text, -1, transient)
            case .null: code = sqlite3_bind_null(raw, index)
            }
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
        return self
    }

    /// Advances to the next row; `false` when done.
    package func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite3_step(raw)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(code)
        }
    }

    /// Runs a statement that returns no rows.
    package func run() throws(SQLiteFailure) {
        while try step() {}
    }

    /// The integer in column `index`, or `nil` if the stored value is not an integer.
    package func int64(at index: Int32) -> Int64? {
        sqlite3_column_type(raw, index) == SQLITE_INTEGER ? sqlite3_column_int64(raw, index) : nil
    }

    /// The text in column `index`, or `nil` if the stored value is not text.
    package func text(at index: Int32) -> String? {
        guard sqlite3_column_type(raw, index) == SQLITE_TEXT, let bytes = sqlite3_column_text(raw, index) else {
            return nil
        }
        return String(cString: bytes)
    }

    /// Whether column `index` holds NULL.
    package func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(raw, index) == SQLITE_NULL
    }

    /// A short description of the value in column `index`, for error messages.
    package func describe(at index: Int32) -> String {
        switch sqlite3_column_type(raw, index) {
        case SQLITE_NULL: return "NULL"
        case SQLITE_INTEGER: return "INTEGER \(sqlite3_column_int64(raw, index))"
        case SQLITE_FLOAT: return "REAL \(sqlite3_column_double(raw, index))"
        case SQLITE_TEXT: return "TEXT '\(text(at: index) ?? "")'"
        default: return "BLOB"
        }
    }
}

/// A value bound to a statement parameter.
package enum SQLiteValue {
    case integer(Int64)
    case text(String)
    case null
}
