import Aqueduct
import AqueductPersistence
import Foundation
import Testing

// The snippets of the AqueductPersistence catalog, of its article "Persistence" and of its doc
// comments, compiled here (`.ci/check-snippets` finds each block in this file). Those that use
// a storage of their own run too; those on `FileStorage.standard` or `UserDefaults.standard`
// are compiled only, since running them would read and write the user's own data.

/// What the snippets' `onError` closures append to: the notices an app would show.
final class Notices: Sendable {
    private let lines = LockedValue<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// What the snippets' `log(_:)` wrote.
let loggedLines = Notices()

/// The snippets' logging function.
func log(_ line: String) {
    loggedLines.append(line)
}

extension Settings {
    /// The settings from those version 1 stored (the snippet on `PersistedState.init`).
    init(migrating old: SettingsV1) {
        self.init(checkInMinutes: old.intervalSeconds / 60)
    }
}

/// A storage of `UserDefaults` (the snippet on `PersistenceStorage`): compiled only, so that
/// no test writes the user's defaults.
struct DefaultsStorage: PersistenceStorage {
    func read(key: String) throws(PersistenceStorageError) -> Data? {
        UserDefaults.standard.data(forKey: key)
    }
    func write(_ data: Data, key: String) throws(PersistenceStorageError) {
        UserDefaults.standard.set(data, forKey: key)
    }
    func setAside(key: String) throws(PersistenceStorageError) -> String {
        var number = 1
        while UserDefaults.standard.data(forKey: "\(key).bad-\(number)") != nil { number += 1 }
        UserDefaults.standard.set(UserDefaults.standard.data(forKey: key), forKey: "\(key).bad-\(number)")
        UserDefaults.standard.removeObject(forKey: key)
        return "\(key).bad-\(number)"
    }
}

/// A storage whose writes fail as a storage reports it (the snippet on `PersistenceStorageError`).
struct DeniedStorage: PersistenceStorage {
    func read(key: String) throws(PersistenceStorageError) -> Data? { nil }
    func write(_ data: Data, key: String) throws(PersistenceStorageError) {
        throw PersistenceStorageError("permission denied (errno 13)")
    }
    func setAside(key: String) throws(PersistenceStorageError) -> String { key }
}

/// The snippets on the default storage: compiled only (they would read the user's data
/// directory).
@MainActor
enum DefaultStorageSnippets {
    /// The catalog's overview, and `Feature(persisting:)`.
    static func catalog(app: Feature<AppAction, AppState>) -> Store<AppAction, AppState> {
        let settings = PersistedState(\AppState.settings, key: "settings")
        var state = AppState()
        settings.load(into: &state)
        let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
        return store
    }

    /// `PersistedState`'s overview.
    static func persistedState(app: Feature<AppAction, AppState>) -> Store<AppAction, AppState> {
        let settings = PersistedState(\AppState.settings, key: "settings")  // ~/.local/share/<app>/settings.json
        var state = AppState()
        settings.load(into: &state)  // before the store exists
        let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
        return store
    }

    /// `PersistenceError`'s overview.
    static func errors() -> PersistedState<AppState, Settings> {
        let settings = PersistedState(
            \AppState.settings,
            key: "settings",
            onError: { error in
                log("settings: \(error)")  // e.g. "settings.json is corrupt (…); kept at settings.json.bad-1"
            }
        )
        return settings
    }

    /// `PersistenceMigration`'s overview.
    static func migrations() -> PersistedState<AppState, Settings> {
        let settings = PersistedState(
            \AppState.settings,
            key: "settings",
            version: 3,
            migrations: [
                .from(version: 1, as: SettingsV1.self) { old in Settings(checkInMinutes: old.intervalSeconds / 60) },
                .from(version: 2, as: SettingsV2.self) { old in
                    Settings(checkInMinutes: old.checkInMinutes, contact: old.contact)
                },
            ]
        )
        return settings
    }
}

@Suite(.timeLimit(.minutes(3)))
@MainActor
struct PersistenceSnippetTests {
    let app = Feature(reducer: appReducer)

    /// The article's overview: a version 1 file is migrated, and a change is saved in version 3.
    @Test func articleOverview() throws {
        try withDirectory { dataDirectory in
            try fixture("settings-v1.json").write(to: URL(fileURLWithPath: "\(dataDirectory)/settings.json"))
            let notices = Notices()
            let settings = PersistedState(
                \AppState.settings,
                key: "settings",
                storage: FileStorage(directory: dataDirectory),
                version: 3,
                migrations: [
                    .from(version: 1, as: SettingsV1.self) { old in Settings(checkInMinutes: old.intervalSeconds / 60)
                    },
                    .from(version: 2, as: SettingsV2.self) { old in
                        Settings(checkInMinutes: old.checkInMinutes, contact: old.contact)
                    },
                ],
                onError: { error in notices.append("\(error)") }
            )
            var state = AppState()
            settings.load(into: &state)
            let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
            #expect(store.state.settings == Settings(checkInMinutes: 120))
            store.dispatch(.setContact("ada@example.com"))
            settings.flush()
            let stored = try FileStorage(directory: dataDirectory).read(key: "settings")
            #expect(try storedSettings(stored) == Settings(checkInMinutes: 120, contact: "ada@example.com"))
            #expect(notices.all.isEmpty)
        }
    }

    /// `PersistedState.init`'s example: a version 1 file read by the one migration.
    @Test func initializerExample() throws {
        try withDirectory { dataDirectory in
            try fixture("settings-v1.json").write(to: URL(fileURLWithPath: "\(dataDirectory)/settings.json"))
            let settings = PersistedState(
                \AppState.settings,
                key: "settings",
                storage: FileStorage(directory: dataDirectory),
                version: 2,
                migrations: [.from(version: 1, as: SettingsV1.self) { Settings(migrating: $0) }],
                onError: { error in log("\(error)") }
            )
            var state = AppState()
            #expect(settings.load(into: &state) == nil)
            #expect(state.settings == Settings(checkInMinutes: 120))
        }
    }

    /// `load(into:)`'s example: corrupt data is a notice, and the store starts from the default.
    @Test func loadExample() throws {
        let settings = PersistedState(
            \AppState.settings,
            key: "settings",
            storage: InMemoryStorage(["settings": Data("{".utf8)])
        )
        var notices: [String] = []
        var state = AppState()
        if let error = settings.load(into: &state) { notices.append("\(error)") }
        let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("Persisted value \"settings\" is corrupt") == true)
        #expect(store.state == AppState())
    }

    /// `FileStorage`'s overview: the key names the file in the directory.
    @Test func fileStorageExample() {
        let storage = FileStorage(directory: "/var/lib/lifesignal")
        let settings = PersistedState(\AppState.settings, key: "settings", storage: storage)
        #expect(storage.path(forKey: settings.key) == "/var/lib/lifesignal/settings.json")
        #expect((settings.storage as? FileStorage)?.directory == "/var/lib/lifesignal")
    }

    /// `InMemoryStorage`'s overview: a second persisted state on the same storage restores
    /// what the first store left.
    @Test func inMemoryStorageExample() {
        let storage = InMemoryStorage()
        let settings = PersistedState(\AppState.settings, key: "settings", storage: storage)
        var initial = AppState()
        settings.load(into: &initial)
        let store = Store(initialState: initial, feature: app <> Feature(persisting: settings))
        store.dispatch(.setMinutes(25))
        settings.flush()  // after a store changed the settings
        let restarted = PersistedState(\AppState.settings, key: "settings", storage: storage)
        var state = AppState()
        restarted.load(into: &state)  // the settings the first store left
        #expect(state.settings == Settings(checkInMinutes: 25))
    }

    /// `PersistenceStorageError`'s example: what a storage throws is the reason reported.
    @Test func storageErrorExample() {
        let notices = Notices()
        let settings = PersistedState(
            \AppState.settings,
            key: "settings",
            storage: DeniedStorage(),
            onError: { error in notices.append("\(error)") }
        )
        var state = AppState()
        settings.load(into: &state)
        let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
        store.dispatch(.setMinutes(25))
        settings.flush()
        #expect(notices.all == ["Persisted value \"settings\" could not be saved: permission denied (errno 13)"])
    }
}
