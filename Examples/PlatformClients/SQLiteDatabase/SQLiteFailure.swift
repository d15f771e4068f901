import CSQLite

/// A failed libsqlite3 call: the (extended) result code and SQLite's message.
package struct SQLiteFailure: Error, Sendable {
    /// The extended result code.
    package var code: Int32
    /// SQLite's message.
    package var message: String
    /// The operating system's error number behind the failure (`sqlite3_system_errno`), or 0:
    /// what tells "permission denied" from "no such directory" when SQLite says only "unable to
    /// open database file".
    package var systemError: Int32

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - code: The extended result code.
    ///   - message: SQLite's message.
    ///   - systemError: The operating system's error number, or 0.
    package init(code: Int32, message: String, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// Whether the code says the file is damaged or is not a database at all.
    package var isCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    /// Whether the code says the file is not a database.
    package var isNotADatabase: Bool { code & 0xFF == SQLITE_NOTADB }

    /// Whether the code says a file could not be opened or written at all (a directory in its
    /// place, permissions, a read-only file system), rather than what it holds.
    package var isAccessFailure: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY || primary == SQLITE_PERM
            || primary == SQLITE_AUTH || primary == SQLITE_IOERR
    }
}
