import CSQLite

/// A failed libsqlite3 call: the (extended) result code and SQLite's message.
package struct SQLiteFailure: Error, Sendable {
    /// The extended result code.
    package var code: Int32
    /// SQLite's message.
    package var message: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - code: The extended result code.
    ///   - message: SQLite's message.
    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// Whether the code says the file is damaged or is not a database at all.
    package var isCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// Whether the code says the file is not a database.
    package var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB }
}
