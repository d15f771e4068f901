import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A part of the state that outlives the process: saved under a key in a storage whenever it
/// changes, and restored before the store's first action.
///
/// ```swift
/// let settings = PersistedState(\AppState.settings, key: "settings")  // ~/.local/share/<app>/settings.json
/// var state = AppState()
/// settings.load(into: &state)  // before the store exists
/// let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
/// ```
///
/// ``load(into:)`` puts the stored value in the state — migrated when an older version of the
/// app stored it — and `Feature(persisting:)` saves every change of the part: composed into
/// the store's feature, it compares the part after each action with the value it last saw, and
/// hands a changed one to a writer that saves off the main actor.
///
/// ## What it guarantees
/// - **Loaded before the first action.** ``load(into:)`` reads the storage synchronously; the
///   store starts from the state it leaves. A missing value leaves the state's own (the
///   default).
/// - **Bad data is reported and kept aside.** Data that cannot be read, is not a persisted
///   value (corrupt, cut short), was written by a newer version of the app, or whose migration
///   fails is a ``PersistenceError``, passed to `onError` and returned; the state keeps its
///   default, and the data is moved aside by the storage, never overwritten (``FileStorage``:
///   `settings.json.bad-1`).
/// - **Versioned.** A value is stored with ``version``; a value of an older version is read by
///   its ``PersistenceMigration``.
/// - **Saved only when it changed, coalesced.** A burst of changes is one write: the value the
///   part holds after the burst. The last value is always written — after the coalescing delay,
///   on ``flush()``, and when the store holding the feature is released.
/// - **The store keeps running.** A write that fails (a full disk, a read-only directory) is
///   reported to `onError` — once while the same failure lasts — and the next change is saved
///   again.
/// - **Out of recordings.** Loading and saving are not actions: nothing persisted appears in a
///   recording unless the app records it.
///
/// ## Two stores, or two processes, on one key
/// The last writer wins: each write replaces the value whole (``FileStorage`` renames a
/// complete file over the old one), so the stored value is always one a store saved, never a
/// mix of two; but a store does not see the other's changes until it loads again. Give each
/// store that must not lose the other's changes a key of its own.
///
/// ## Cost
/// An action that leaves the part unchanged costs one comparison of the part with the value
/// last seen (read in place, without a copy, when the part is a stored property).
/// `Benchmarks/README.md` has the figure.
///
/// `Sendable`: load, flush and the feature may be used from any isolation; the feature runs on
/// the main actor of the store that holds it.
public final class PersistedState<State, Value: Codable & Equatable & Sendable>: Sendable {
    /// The key the value is stored under.
    public let key: String
    /// The version of the value this app stores and reads without a migration.
    public let version: Int
    /// Where the value is stored.
    public let storage: any PersistenceStorage

    @usableFromInline
    internal let part: WritableKeyPath<State, Value> & Sendable
    @usableFromInline
    internal let writer: PersistenceWriter<Value>
    private let migrations: [Int: PersistenceMigration<Value>]
    private let onError: @Sendable (PersistenceError) -> Void
    /// The value ``load(into:)`` put in the state (or found there): what the part holds before
    /// the store's first action, so that the first change is seen as one.
    private let loaded = LockedValue<Value?>(nil)

    /// Declares a persisted part of the state.
    ///
    /// ```swift
    /// let settings = PersistedState(
    ///     \AppState.settings,
    ///     key: "settings",
    ///     storage: FileStorage(directory: dataDirectory),
    ///     version: 2,
    ///     migrations: [.from(version: 1, as: SettingsV1.self) { Settings(migrating: $0) }],
    ///     onError: { error in log("\(error)") }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - part: The path from the state to the persisted value.
    ///   - key: The key it is stored under: for ``FileStorage``, the file's name without `.json`.
    ///   - storage: Where it is stored: ``FileStorage/standard`` by default.
    ///   - version: The version of `Value` this app stores; 1 by default.
    ///   - migrations: One for each older version that may be found stored.
    ///   - coalescing: How long a change waits before it is written, so that the changes that
    ///     follow it are written with it; 50 ms by default.
    ///   - onError: Told what could not be loaded or saved, from the loading thread or the
    ///     writer's; by default a line on standard error.
    public init(
        _ part: WritableKeyPath<State, Value> & Sendable,
        key: String,
        storage: any PersistenceStorage = FileStorage.standard,
        version: Int = 1,
        migrations: [PersistenceMigration<Value>] = [],
        coalescing: Duration = .milliseconds(50),
        onError: @escaping @Sendable (PersistenceError) -> Void = PersistedState.reportToStandardError
    ) {
        precondition(version >= 1, "PersistedState: the version of \"\(key)\" is \(version); it must be 1 or more")
        self.part = part
        self.key = key
        self.storage = storage
        self.version = version
        self.migrations = Dictionary(migrations.map { ($0.version, $0) }, uniquingKeysWith: { _, last in last })
        self.onError = onError
        self.writer = PersistenceWriter(
            key: key,
            version: version,
            storage: storage,
            coalescing: coalescing,
            onError: onError
        )
    }

    /// The default of `onError`: writes the error on standard error.
    ///
    /// - Parameter error: The error.
    @Sendable
    public static func reportToStandardError(_ error: PersistenceError) {
        FileOutput.standardError.write("Aqueduct: \(error)\n")
    }

    /// Puts the stored value in `state`; call it before the store exists.
    ///
    /// A missing value leaves `state` as it is: its part is the default. A value that cannot
    /// be loaded leaves it too; the error goes to `onError` and is returned, and the storage
    /// moves the data aside.
    ///
    /// ```swift
    /// var state = AppState()
    /// if let error = settings.load(into: &state) { notices.append("\(error)") }
    /// let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
    /// ```
    ///
    /// - Parameter state: The initial state.
    /// - Returns: What went wrong, or `nil` when the value was loaded or none is stored.
    @discardableResult
    public func load(into state: inout State) -> PersistenceError? {
        let result = restore()
        switch result {
        case .success(let value?):
            state[keyPath: part] = value
        case .success(nil):
            break
        case .failure(let error):
            onError(error)
        }
        let value = state[keyPath: part]
        loaded.withLock { $0 = value }
        if case .failure(let error) = result { return error }
        return nil
    }

    /// Writes the last change now if it is waiting, and returns once it is written (or has
    /// failed): before a planned exit, or in a test before reading the storage.
    ///
    /// Blocks the calling thread for the write.
    public func flush() {
        writer.flush()
    }

    /// The value that the part held when the store started, if ``load(into:)`` saw it.
    @usableFromInline
    internal var valueBeforeFirstAction: Value? {
        loaded.withLock { $0 }
    }

    /// Reads the stored value: `nil` when none is stored.
    private func restore() -> Result<Value?, PersistenceError> {
        let data: Data
        do {
            guard let stored = try storage.read(key: key) else { return .success(nil) }
            data = stored
        } catch {
            return .failure(setAside { .unreadable(key: key, reason: error.reason, keptAt: $0) })
        }
        let decoder = JSONDecoder()
        let storedVersion: Int
        do {
            storedVersion = try decoder.decode(PersistedEnvelope<Value>.Header.self, from: data).version
        } catch {
            let reason = PersistedEnvelope<Value>.describe(error)
            return .failure(setAside { .corrupt(key: key, reason: reason, keptAt: $0) })
        }
        if storedVersion == version {
            do {
                return .success(try decoder.decode(PersistedEnvelope<Value>.self, from: data).value)
            } catch {
                let reason = PersistedEnvelope<Value>.describe(error)
                return .failure(setAside { .corrupt(key: key, reason: reason, keptAt: $0) })
            }
        }
        if storedVersion > version {
            return .failure(
                setAside { .newerVersion(key: key, version: storedVersion, supported: version, keptAt: $0) }
            )
        }
        if storedVersion < 1 {
            let reason = "its version is \(storedVersion); versions start at 1"
            return .failure(setAside { .corrupt(key: key, reason: reason, keptAt: $0) })
        }
        guard let migration = migrations[storedVersion] else {
            let reason = "this app has no migration from version \(storedVersion) to version \(version)"
            return .failure(
                setAside { .migrationFailed(key: key, version: storedVersion, reason: reason, keptAt: $0) }
            )
        }
        do {
            return .success(try migration.migrate(data, decoder))
        } catch {
            switch error {
            case .undecodable(let reason):
                let reason = "not a value of version \(storedVersion): \(reason)"
                return .failure(setAside { .corrupt(key: key, reason: reason, keptAt: $0) })
            case .threw(let reason):
                return .failure(
                    setAside { .migrationFailed(key: key, version: storedVersion, reason: reason, keptAt: $0) }
                )
            }
        }
    }

    /// Moves the data that could not be loaded aside and returns the error saying where; when
    /// it cannot be moved, reports that too and stops every write under the key.
    private func setAside(_ error: (String?) -> PersistenceError) -> PersistenceError {
        do {
            return error(try storage.setAside(key: key))
        } catch let failure {
            writer.block()
            onError(.notKeptAside(key: key, reason: failure.reason))
            return error(nil)
        }
    }
}
