import CheckIn
import CheckInAdapters
import CheckInClient
import Foundation
import HTTPNetworking

/// The check-in backend the composition root picked: a client, the sync capability when the
/// backend has a local queue, a one-line summary for the person at the terminal, and the notices
/// the backend has for them (a damaged row moved aside). A `Sendable` value.
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
    /// What the backend is, for people; a URL in it has no credentials.
    public var summary: String
    /// The file that holds the check-ins waiting to be synced, or `nil` without a sync queue.
    public var queuePath: String?
    /// Sentences for the person at the terminal that come from the backend rather than from a
    /// command: each check-in row that could not be read and was moved aside (``QuarantinedCheckIn``),
    /// once. Never finishes while the backend is in use.
    public var notices: AsyncStream<String>

    /// Creates a backend from its parts (tests and previews).
    ///
    /// - Parameters:
    ///   - client: The check-in client.
    ///   - sync: The sync capability, or `nil`.
    ///   - summary: What the backend is.
    ///   - queuePath: The file of the sync queue, or `nil`.
    ///   - notices: Sentences for the person at the terminal; none by default.
    public init(
        client: CheckInClient,
        sync: CheckInSync? = nil,
        summary: String,
        queuePath: String? = nil,
        notices: AsyncStream<String> = AsyncStream { $0.finish() }
    ) {
        self.client = client
        self.sync = sync
        self.summary = summary
        self.queuePath = queuePath
        self.notices = notices
    }

    /// The embedded database file in `directory`.
    public static func databasePath(in directory: String) -> String {
        (directory as NSString).appendingPathComponent("lifesignal.sqlite")
    }

    /// The offline-first queue's database file in `directory`.
    public static func queuePath(in directory: String) -> String {
        (directory as NSString).appendingPathComponent("lifesignal-queue.sqlite")
    }

    /// Opens the backend the options select: creates the data directory (private: `0700`, its
    /// files `0600`), opens (and migrates) the SQLite file, and for a functions URL wraps the
    /// HTTP client in the offline-first queue.
    ///
    /// - Parameter options: The parsed options.
    /// - Returns: The backend.
    /// - Throws: ``LifeSignalStartupError`` naming the directory or file that cannot be used.
    public static func open(_ options: LifeSignalOptions) throws(LifeSignalStartupError) -> LifeSignalBackend {
        let database: String
        switch options.backend {
        case .sqlite: database = databasePath(in: options.dataDirectory)
        case .cloudFunctions: database = queuePath(in: options.dataDirectory)
        }
        try DataDirectory.prepare(
            options.dataDirectory,
            files: [database] + (options.logPath.map { [$0] } ?? []),
            companions: [database + "-wal", database + "-shm"]
        )
        let (notices, noticeBoard) = AsyncStream.makeStream(of: String.self)
        let store = try openDatabase(database) { noticeBoard.yield("LifeSignal: \($0).") }
        switch options.backend {
        case .sqlite:
            return LifeSignalBackend(client: store.client, summary: "SQLite database \(store.path)", notices: notices)
        case .cloudFunctions(let url, let token):
            let remote = CloudFunctionsCheckInClient(functionsURL: url, token: token, timeout: 10)
            let composite = OfflineFirstCheckInStore(local: store, remote: remote.client)
            return LifeSignalBackend(
                client: composite.client,
                sync: CheckInSync(
                    sync: { () throws(CheckInError) in try await composite.sync() },
                    pendingCount: { () throws(CheckInError) in try await composite.pendingCount() }
                ),
                summary: "cloud functions at \(URLRedaction.redacting(url)), queued in \(store.path)",
                queuePath: store.path,
                notices: notices
            )
        }
    }

    private static func openDatabase(
        _ path: String,
        onQuarantine: @escaping @Sendable (QuarantinedCheckIn) -> Void
    ) throws(LifeSignalStartupError) -> SQLiteCheckInStore {
        do {
            return try SQLiteCheckInStore(path: path, onQuarantine: onQuarantine)
        } catch {
            throw .database(error)
        }
    }
}
