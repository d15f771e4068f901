import CSQLite

/// A failed libsqlite3 call: the (extended) result code and SQLite's message.
struct SQLiteFailure: Error, Sendable {
    var code: Int32
    var message: String

    /// Whether the code says the file is damaged or is not a database at all.
    var isCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB }
}
