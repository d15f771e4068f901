import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation

/// Every adapter of ``CheckInClient``, for the contract suite; those that talk to the reference
/// backend once per storage it can use.
enum Adapter: Codable, CustomStringConvertible, Hashable, Sendable {
    case inMemory
    case sqlite
    /// The cloud-functions adapter, to a backend over this storage.
    case http(BackendStorage)
    /// The offline-first composite, syncing to a backend over this storage.
    case offlineFirst(BackendStorage)

    /// Every adapter, and every storage of ``BackendStorage/available`` for those with a backend.
    static var allCases: [Adapter] {
        [.inMemory, .sqlite] + BackendStorage.available.flatMap { [Adapter.http($0), .offlineFirst($0)] }
    }

    var description: String {
        switch self {
        case .inMemory: "inMemory"
        case .sqlite: "sqlite"
        case .http(let storage): "http (backend over \(storage))"
        case .offlineFirst(let storage): "offlineFirst (backend over \(storage))"
        }
    }

    /// A fresh, empty backend of this kind and a client for it.
    func makeFixture() async throws -> AdapterFixture {
        let directory = try TemporaryDirectory()
        switch self {
        case .inMemory:
            return AdapterFixture(client: .inMemory(), directory: directory)
        case .sqlite:
            let store = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
            return AdapterFixture(client: store.client, directory: directory)
        case .http(let storage):
            let database = try await storage.makeDatabase(in: directory)
            let backend = try await BackendStarts.backend(database: database.argument)
            let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token)
            return AdapterFixture(client: remote.client, directory: directory, backend: backend, database: database)
        case .offlineFirst(let storage):
            let database = try await storage.makeDatabase(in: directory)
            let backend = try await BackendStarts.backend(database: database.argument)
            let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token)
            let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
            let composite = OfflineFirstCheckInStore(local: local, remote: remote.client)
            return AdapterFixture(client: composite.client, directory: directory, backend: backend, database: database)
        }
    }
}

/// A client plus what must be cleaned up after the test (temporary files, a backend process,
/// its database).
final class AdapterFixture {
    let client: CheckInClient
    private let directory: TemporaryDirectory
    private let backend: BackendProcess?
    private let database: BackendDatabase?

    init(
        client: CheckInClient,
        directory: TemporaryDirectory,
        backend: BackendProcess? = nil,
        database: BackendDatabase? = nil
    ) {
        self.client = client
        self.directory = directory
        self.backend = backend
        self.database = database
    }

    func tearDown() {
        backend?.stop()
        database?.remove()
        directory.remove()
    }
}
