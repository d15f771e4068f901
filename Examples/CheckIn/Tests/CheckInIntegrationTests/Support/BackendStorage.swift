import ExampleTestSupport
import Foundation

import class Aqueduct.LockedValue

/// Where the reference backend (`Backend/server.py`) keeps its data: the `--database` it is
/// given. Suites that start backends run once per storage of ``available``.
enum BackendStorage: String, CaseIterable, Codable, CustomStringConvertible, Sendable {
    /// A SQLite file: the default, Python's standard library only.
    case sqlite
    /// A PostgreSQL database on the server of ``PostgreSQLTestServer``.
    case postgresql

    /// The storages this run can test: PostgreSQL only when a server is configured.
    static var available: [BackendStorage] { PostgreSQLTestServer.isConfigured ? allCases : [.sqlite] }

    var description: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgresql: "PostgreSQL"
        }
    }

    /// A new, empty database of this kind.
    ///
    /// - Parameter directory: Where a SQLite file goes.
    /// - Returns: The database.
    func makeDatabase(in directory: TemporaryDirectory) async throws -> BackendDatabase {
        switch self {
        case .sqlite:
            BackendDatabase(argument: directory.path("backend-\(UUID().uuidString).sqlite"), storage: self)
        case .postgresql:
            BackendDatabase(argument: try await PostgreSQLTestServer.createDatabase(), storage: self)
        }
    }
}

/// A database for reference backends: what their `--database` names. A SQLite file goes with
/// its directory; a PostgreSQL database is dropped by ``remove()`` or when this is released (so
/// a test that fails half-way leaves none behind).
final class BackendDatabase: Sendable {
    /// The `--database` argument: a SQLite file's path or a `postgresql://` URL.
    let argument: String
    /// Its kind.
    let storage: BackendStorage
    private let removed = LockedValue(false)

    init(argument: String, storage: BackendStorage) {
        self.argument = argument
        self.storage = storage
    }

    deinit { remove() }

    /// Drops a PostgreSQL database, once (blocking, for a tear-down); nothing for a SQLite file.
    func remove() {
        let first = removed.withLock { removed in
            defer { removed = true }
            return !removed
        }
        if first && storage == .postgresql { PostgreSQLTestServer.dropDatabase(argument) }
    }
}
