import CheckIn
import CheckInAdapters
import CheckInClient
import Foundation

/// The check-in backend the composition root picked: a client, the sync capability when the
/// backend has a local queue, and a one-line summary for the person at the terminal. A
/// `Sendable` value.
///
/// ```swift
/// let backend = try LifeSignalBackend.open(options)   // SQLite, or HTTP through the offline-first queue
/// let preview = LifeSignalBackend(client: .inMemory(), summary: "in memory")
/// ```
public struct LifeSignalBackend: Sendable {
    /// The check-in client.
    public var client: CheckInClient
    /// The sync capability, or `nil` for a backend without a local queue.
    public var sync: CheckInSync?
    /// What the backend is, for people.
    public var summary: String

    /// Creates a backend from its parts (tests and previews).
    ///
    /// - Parameters:
    ///   - client: The check-in client.
    ///   - sync: The sync capability, or `nil`.
    ///   - summary: What the backend is.
    public init(client: CheckInClient, sync: CheckInSync? = nil, summary: String) {
        self.client = client
        self.sync = sync
        self.summary = summary
    }

    /// The embedded database file in `directory`.
    public static func databasePath(in directory: String) -> String {
        (directory as NSString).appendingPathComponent("lifesignal.sqlite")
    }

    /// The offline-first queue's database file in `directory`.
    public static func queuePath(in directory: String) -> String {
        (directory as NSString).appendingPathComponent("lifesignal-queue.sqlite")
    }

    /// Opens the backend the options select: creates the data directory, opens (and migrates)
    /// the SQLite file, and for a functions URL wraps the HTTP client in the offline-first queue.
    ///
    /// - Parameter options: The parsed options.
    /// - Returns: The backend.
    /// - Throws: ``LifeSignalStartupError`` naming the directory or file that cannot be used.
    public static func open(_ options: LifeSignalOptions) throws(LifeSignalStartupError) -> LifeSignalBackend {
        do {
            try FileManager.default.createDirectory(
                atPath: options.dataDirectory,
                withIntermediateDirectories: true
            )
        } catch {
            throw .dataDirectory(path: options.dataDirectory, reason: error.localizedDescription)
        }
        switch options.backend {
        case .sqlite:
            let store = try openDatabase(databasePath(in: options.dataDirectory))
            return LifeSignalBackend(client: store.client, summary: "SQLite database \(store.path)")
        case .cloudFunctions(let url, let token):
            let local = try openDatabase(queuePath(in: options.dataDirectory))
            let remote = CloudFunctionsCheckInClient(functionsURL: url, token: token, timeout: 10)
            let composite = OfflineFirstCheckInStore(local: local, remote: remote.client)
            return LifeSignalBackend(
                client: composite.client,
                sync: CheckInSync(
                    sync: { () throws(CheckInError) in try await composite.sync() },
                    pendingCount: { () throws(CheckInError) in try await composite.pendingCount() }
                ),
                summary: "cloud functions at \(url.absoluteString), queued in \(local.path)"
            )
        }
    }

    private static func openDatabase(_ path: String) throws(LifeSignalStartupError) -> SQLiteCheckInStore {
        do {
            return try SQLiteCheckInStore(path: path)
        } catch {
            throw .database(error)
        }
    }
}
