/// What went wrong loading or saving a persisted part of the state.
///
/// Every case names the key. A value that could not be loaded leaves the default in the state,
/// and the data that could not be read is kept aside — renamed, never overwritten — at
/// `keptAt` (`nil` when the storage could not move it: then nothing is written under the key
/// until the app moves it, so that it is not overwritten either). A value that could not be
/// saved leaves the store running; the next change is tried again.
///
/// ```swift
/// let settings = PersistedState(
///     \AppState.settings,
///     key: "settings",
///     onError: { error in
///         log("settings: \(error)")  // e.g. "settings.json is corrupt (…); kept at settings.json.bad-1"
///     }
/// )
/// ```
///
/// `Sendable` and `Hashable`.
public enum PersistenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stored data could not be read: permissions, an I/O error, or a path that is not a
    /// regular file (a symbolic link is never followed).
    case unreadable(key: String, reason: String, keptAt: String?)
    /// The stored data is not a persisted value: not JSON, cut short, or not decodable as the
    /// value of its version.
    case corrupt(key: String, reason: String, keptAt: String?)
    /// The stored value was written by a newer version of the app (`version`) than this one
    /// reads (`supported`).
    case newerVersion(key: String, version: Int, supported: Int, keptAt: String?)
    /// The stored value is of an older version with no migration, or its migration threw.
    case migrationFailed(key: String, version: Int, reason: String, keptAt: String?)
    /// The data that could not be loaded could not be moved aside either: it is left where it
    /// is, and nothing is written under the key.
    case notKeptAside(key: String, reason: String)
    /// Saving failed: a full disk, a read-only or missing directory, a value that does not
    /// encode. The store goes on; the next change is saved again.
    case writeFailed(key: String, reason: String)

    /// The key of the persisted part.
    public var key: String {
        switch self {
        case .unreadable(let key, _, _), .corrupt(let key, _, _), .newerVersion(let key, _, _, _),
            .migrationFailed(let key, _, _, _), .notKeptAside(let key, _), .writeFailed(let key, _):
            key
        }
    }

    /// Where the data that could not be loaded was moved, or `nil`.
    public var keptAt: String? {
        switch self {
        case .unreadable(_, _, let keptAt), .corrupt(_, _, let keptAt), .newerVersion(_, _, _, let keptAt),
            .migrationFailed(_, _, _, let keptAt):
            keptAt
        case .notKeptAside, .writeFailed:
            nil
        }
    }

    /// Says what happened, to which key, and where the data went.
    public var description: String {
        let kept = keptAt.map { "; the default is used, and the data is kept at \($0)" } ?? ""
        switch self {
        case .unreadable(let key, let reason, _):
            return "Persisted value \"\(key)\" could not be read: \(reason)\(kept)"
        case .corrupt(let key, let reason, _):
            return "Persisted value \"\(key)\" is corrupt: \(reason)\(kept)"
        case .newerVersion(let key, let version, let supported, _):
            return "Persisted value \"\(key)\" is of version \(version), written by a newer version of the app; "
                + "this one reads up to version \(supported)\(kept)"
        case .migrationFailed(let key, let version, let reason, _):
            return "Persisted value \"\(key)\" of version \(version) could not be migrated: \(reason)\(kept)"
        case .notKeptAside(let key, let reason):
            return "Persisted value \"\(key)\" could not be loaded nor moved aside (\(reason)); "
                + "the default is used and nothing is saved under this key, so that the data is not overwritten"
        case .writeFailed(let key, let reason):
            return "Persisted value \"\(key)\" could not be saved: \(reason)"
        }
    }
}

/// Why a ``PersistenceStorage`` could not read, write or move a value: what a storage throws.
///
/// ```swift
/// throw PersistenceStorageError("permission denied (errno 13)")
/// ```
public struct PersistenceStorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, for a person.
    public var reason: String

    /// Creates an error.
    ///
    /// - Parameter reason: What happened, for a person.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
