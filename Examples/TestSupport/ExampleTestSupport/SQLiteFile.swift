import CSQLite

/// Runs SQL directly on a database file, outside any store: to build fixtures (foreign
/// databases, old schema versions) and to damage rows on purpose.
package func executeSQL(_ sql: String, on path: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
        sqlite3_close(handle)
        throw SQLFixtureError(message: "cannot open \(path)")
    }
    defer { sqlite3_close(handle) }
    var error: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
        let message = error.map { String(cString: $0) } ?? "unknown error"
        sqlite3_free(error)
        throw SQLFixtureError(message: message)
    }
}

/// Reads one integer (for example a pragma) from a database file.
package func queryInteger(_ sql: String, on path: String) throws -> Int64 {
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
        sqlite3_close(handle)
        throw SQLFixtureError(message: "cannot open \(path)")
    }
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
        throw SQLFixtureError(message: String(cString: sqlite3_errmsg(handle)))
    }
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else {
        throw SQLFixtureError(message: "no row for \(sql)")
    }
    return sqlite3_column_int64(statement, 0)
}

/// A fixture statement that failed, with SQLite's message.
package struct SQLFixtureError: Error {
    package var message: String
}
