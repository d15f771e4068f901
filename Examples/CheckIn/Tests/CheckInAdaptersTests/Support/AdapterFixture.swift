import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation

/// Every adapter of ``CheckInClient``, for the contract suite.
enum Adapter: String, CaseIterable, CustomStringConvertible, Sendable {
    case inMemory
    case sqlite
    case http
    case offlineFirst

    var description: String { rawValue }

    /// A fresh, empty backend of this kind and a client for it.
    func makeFixture() async throws -> AdapterFixture {
        let directory = try TemporaryDirectory()
        switch self {
        case .inMemory:
            return AdapterFixture(client: .inMemory(), directory: directory, backend: nil)
        case .sqlite:
            let store = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
            return AdapterFixture(client: store.client, directory: directory, backend: nil)
        case .http:
            let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"))
            let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token)
            return AdapterFixture(client: remote.client, directory: directory, backend: backend)
        case .offlineFirst:
            let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"))
            let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token)
            let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
            let composite = OfflineFirstCheckInStore(local: local, remote: remote.client)
            return AdapterFixture(client: composite.client, directory: directory, backend: backend)
        }
    }
}

/// A client plus what must be cleaned up after the test (temporary files, a backend process).
final class AdapterFixture {
    let client: CheckInClient
    private let directory: TemporaryDirectory
    private let backend: BackendProcess?

    init(client: CheckInClient, directory: TemporaryDirectory, backend: BackendProcess?) {
        self.client = client
        self.directory = directory
        self.backend = backend
    }

    func tearDown() {
        backend?.stop()
        directory.remove()
    }
}
