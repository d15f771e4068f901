import CheckInClient

/// Why a ``SQLiteCheckInStore`` could not open its database file.
///
/// Thrown only by ``SQLiteCheckInStore/init(path:)``, at the composition root, so it can be
/// shown to a person or logged. Every case names the file. The store never deletes, resets or
/// overwrites a file it does not recognise. Once open, operations throw ``CheckInError``.
///
/// ```swift
/// do {
///     store = try SQLiteCheckInStore(path: path)
/// } catch {
///     print("Cannot use \(error.path): \(error)")
/// }
/// ```
public enum SQLiteStoreError: Error, Sendable, Hashable {
    /// The file could not be opened or created (missing directory, permissions, …).
    case cannotOpen(path: String, reason: String)
    /// The file exists but is not a SQLite database.
    case notADatabase(path: String)
    /// The file is a SQLite database but is damaged.
    case corrupt(path: String, reason: String)
    /// The file is a SQLite database of another application or schema.
    case foreignDatabase(path: String, reason: String)
    /// The file was written by a newer version of this app, with a schema this build does not know.
    case newerSchemaVersion(path: String, found: Int, supported: Int)
    /// A migration failed; the database was left at its previous version.
    case migrationFailed(path: String, version: Int, reason: String)

    /// The database file the error is about.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _), .notADatabase(let path), .corrupt(let path, _),
            .foreignDatabase(let path, _), .newerSchemaVersion(let path, _, _), .migrationFailed(let path, _, _):
            path
        }
    }

    /// The error as a domain error, for callers that only speak ``CheckInError``.
    public var checkInError: CheckInError { .backendFailure(description) }
}

extension SQLiteStoreError: CustomStringConvertible {
    /// A sentence naming the file and the problem.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open check-in database \(path): \(reason)"
        case .notADatabase(let path):
            "\(path) is not a SQLite database (refusing to touch it)"
        case .corrupt(let path, let reason):
            "check-in database \(path) is corrupt: \(reason)"
        case .foreignDatabase(let path, let reason):
            "\(path) is not a check-in database: \(reason) (refusing to touch it)"
        case .newerSchemaVersion(let path, let found, let supported):
            "check-in database \(path) has schema version \(found), newer than this build supports (\(supported))"
        case .migrationFailed(let path, let version, let reason):
            "migrating check-in database \(path) to version \(version) failed: \(reason)"
        }
    }
}
