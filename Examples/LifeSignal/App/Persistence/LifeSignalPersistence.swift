import Aqueduct
import AqueductPersistence

/// What LifeSignal keeps across restarts: its settings (``AppState/settings``, key `settings`)
/// and the screen that was open (``AppState/screen``, key `screen`), in the storage of its
/// clients (``LifeSignalClients/storage``): files in the data directory when live, memory in
/// previews and tests.
///
/// Loaded into the initial state before the store exists; saved by ``feature`` whenever an
/// action changes them; written out by ``flush()`` before the app exits. A file that cannot be
/// used is reported — in plain words, by ``describe(_:)`` — the defaults are used, and the file
/// is kept aside (`settings.json.bad-1`).
///
/// ```swift
/// let persistence = LifeSignalPersistence(storage: clients.storage) { error in
///     print(LifeSignalPersistence.describe(error))
/// }
/// var state = AppState()
/// persistence.load(into: &state)
/// let store = Store(initialState: state, feature: app <> persistence.feature)
/// ```
///
/// `Sendable`.
public struct LifeSignalPersistence: Sendable {
    /// The settings: the check-in interval and the contact.
    public let settings: PersistedState<AppState, LifeSignalSettings>
    /// The screen that was open.
    public let screen: PersistedState<AppState, LifeSignalScreen>

    /// Declares LifeSignal's persisted parts in `storage`.
    ///
    /// - Parameters:
    ///   - storage: Where they are kept.
    ///   - onError: Told what could not be loaded or saved: at once from ``load(into:)``, or
    ///     later from the writer's thread.
    public init(
        storage: any PersistenceStorage,
        onError: @escaping @Sendable (PersistenceError) -> Void
    ) {
        settings = PersistedState(\AppState.settings, key: "settings", storage: storage, onError: onError)
        screen = PersistedState(\AppState.screen, key: "screen", storage: storage, onError: onError)
    }

    /// Puts what was saved in `state`; what could not be loaded leaves its default.
    ///
    /// - Parameter state: The initial state.
    /// - Returns: What could not be loaded, in order (also given to `onError`).
    @discardableResult
    public func load(into state: inout AppState) -> [PersistenceError] {
        [settings.load(into: &state), screen.load(into: &state)].compactMap { $0 }
    }

    /// The feature that saves each change: composed after the features that change the parts.
    public var feature: Feature<AppAction, AppState> {
        Feature(persisting: settings) <> Feature(persisting: screen)
    }

    /// Writes what waits to be written, and returns once it is on the disk.
    public func flush() {
        settings.flush()
        screen.flush()
    }

    /// What went wrong, for the person at the terminal: which saved part, what happened to it
    /// in plain words, what LifeSignal does instead, and where the file was kept.
    ///
    /// ```swift
    /// LifeSignalPersistence.describe(.corrupt(key: "settings", reason: "…", keptAt: "/d/settings.json.bad-1"))
    /// // "Your saved settings (check-in interval and contact) could not be used: the file is damaged.
    /// //  LifeSignal starts with the default settings. The damaged file was kept as /d/settings.json.bad-1."
    /// ```
    ///
    /// - Parameter error: The error.
    /// - Returns: One paragraph.
    public static func describe(_ error: PersistenceError) -> String {
        let (what, were, defaults) =
            switch error.key {
            case "settings": ("settings (check-in interval and contact)", "were", "the default settings")
            case "screen": ("last screen", "was", "the prompt")
            default: ("\"\(error.key)\"", "was", "the default")
            }
        let kept = error.keptAt.map { " The file was kept as \($0)." } ?? ""
        let starts = "LifeSignal starts with \(defaults)."
        switch error {
        case .corrupt:
            return "Your saved \(what) could not be used: the file is damaged. \(starts)\(kept)"
        case .unreadable(_, let reason, _):
            return "Your saved \(what) could not be read (\(reason)). \(starts)\(kept)"
        case .newerVersion:
            return "Your saved \(what) \(were) saved by a newer version of LifeSignal, which this one cannot read. "
                + "\(starts)\(kept)"
        case .migrationFailed:
            return "Your saved \(what) \(were) saved by an older version of LifeSignal and could not be converted. "
                + "\(starts)\(kept)"
        case .notKeptAside(_, let reason):
            return "Your saved \(what) could not be used, nor moved out of the way (\(reason)). \(starts) "
                + "Changes are not saved until the file is moved."
        case .writeFailed(_, let reason):
            return "Your \(what) could not be saved (\(reason)). The change holds until LifeSignal exits."
        }
    }
}
