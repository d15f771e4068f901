import Aqueduct
import AqueductPersistence
import Foundation
import Testing

/// The settings of version 3, the current one.
struct Settings: Codable, Equatable, Sendable {
    var checkInMinutes = 60
    var contact = ""
    var theme = "light"
}

/// The settings as version 1 stored them.
struct SettingsV1: Codable {
    var intervalSeconds: Int
}

/// The settings as version 2 stored them.
struct SettingsV2: Codable {
    var checkInMinutes: Int
    var contact: String
}

struct AppState: Equatable, Sendable {
    var settings = Settings()
    var count = 0
}

enum AppAction: Equatable, Sendable {
    case setMinutes(Int)
    case setContact(String)
    case increment
}

let appReducer = Reducer<AppAction, AppState>.reduce { action, state in
    switch action {
    case .setMinutes(let minutes): state.settings.checkInMinutes = minutes
    case .setContact(let contact): state.settings.contact = contact
    case .increment: state.count += 1
    }
}

/// The migrations of the settings, from versions 1 and 2 to 3.
let settingsMigrations: [PersistenceMigration<Settings>] = [
    .from(version: 1, as: SettingsV1.self) { old in Settings(checkInMinutes: old.intervalSeconds / 60) },
    .from(version: 2, as: SettingsV2.self) { old in Settings(checkInMinutes: old.checkInMinutes, contact: old.contact)
    },
]

/// Collects the errors reported to `onError`.
final class ErrorLog: Sendable {
    private let errors = LockedValue<[PersistenceError]>([])
    var all: [PersistenceError] { errors.withLock { $0 } }
    @Sendable func report(_ error: PersistenceError) { errors.withLock { $0.append(error) } }
}

/// A storage that counts writes and can hold the first one until told.
final class CountingStorage<Base: PersistenceStorage>: PersistenceStorage {
    let base: Base
    private let counts = LockedValue(0)
    private let gate: DispatchSemaphore?
    private let firstWriteBegan = DispatchSemaphore(value: 0)

    init(_ base: Base, holdingFirstWrite: Bool = false) {
        self.base = base
        self.gate = holdingFirstWrite ? DispatchSemaphore(value: 0) : nil
    }

    var writes: Int { counts.withLock { $0 } }

    /// Waits until the first write has begun (and is held).
    func waitForFirstWrite() { firstWriteBegan.wait() }
    /// Lets the held first write go on.
    func release() { gate?.signal() }

    func read(key: String) throws(PersistenceStorageError) -> Data? { try base.read(key: key) }

    func write(_ data: Data, key: String) throws(PersistenceStorageError) {
        let number = counts.withLock { count in
            count += 1
            return count
        }
        if number == 1, let gate {
            firstWriteBegan.signal()
            gate.wait()
        }
        try base.write(data, key: key)
    }

    func setAside(key: String) throws(PersistenceStorageError) -> String { try base.setAside(key: key) }
}

/// A directory of the test's own, removed when `body` returns.
func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("AqueductPersistenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.path)
}

func withDirectory<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (String) async throws -> T
) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("AqueductPersistenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory.path)
}

/// The fixture file `name` in `Fixtures/`.
func fixture(_ name: String) throws -> Data {
    try Data(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
    )
}

/// The bytes of the stored envelope of `settings` at `version`.
func envelope(_ settings: Settings, version: Int = 3) throws -> Data {
    struct Envelope: Encodable {
        var version: Int
        var value: Settings
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(Envelope(version: version, value: settings))
}

/// Decodes a stored envelope of the current version.
func storedSettings(_ data: Data?) throws -> Settings? {
    struct Envelope: Decodable {
        var version: Int
        var value: Settings
    }
    guard let data else { return nil }
    let envelope = try JSONDecoder().decode(Envelope.self, from: data)
    #expect(envelope.version == 3)
    return envelope.value
}

func persistedSettings(
    storage: any PersistenceStorage,
    coalescing: Duration = .milliseconds(50),
    errors: ErrorLog = ErrorLog()
) -> PersistedState<AppState, Settings> {
    PersistedState(
        \AppState.settings,
        key: "settings",
        storage: storage,
        version: 3,
        migrations: settingsMigrations,
        coalescing: coalescing,
        onError: errors.report
    )
}
