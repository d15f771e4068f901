// 11 — Persisted state, and a migration.
//
// A part of the state that outlives the process — here a reader's preferences — is a
// `PersistedState` (from `AqueductPersistence`): a key path to a `Codable`, `Equatable` value,
// the key it is stored under, the storage, the version of the value and one migration from each
// older version. `load(into:)` puts the stored value in the initial state before the store exists;
// `Feature(persisting:)`, composed after the features that change the part, saves each change:
// coalesced, off the main actor, atomically when the storage is a `FileStorage`. Loading is not
// an action and saving is not an effect, so a `TestStore` asserts a persisted change as any
// other, and the rest of the state (the page) is not saved.
//
// Version 1 of the app stored the font size in points; version 2 stores a size to choose from
// and a theme. The migration reads a version-1 value as the type version 1 wrote (kept as it
// was: `PreferencesV1`) and returns the value of version 2. A value that cannot be used — not
// JSON, or written by a newer version — is an error given to `onError`: the default is used and
// the data is kept aside, never overwritten. Apps use a `FileStorage` (a directory of
// `<key>.json` files); tests and previews an `InMemoryStorage`.
import Aqueduct
import AqueductPersistence

enum PersistedStateAndMigration {
    enum TextSize: String, Codable, Sendable, CaseIterable {
        case small, medium, large, extraLarge
    }

    enum Theme: String, Codable, Sendable {
        case light, dark
    }

    /// The preferences, as version 2 stores them.
    struct Preferences: Codable, Equatable, Sendable {
        var textSize = TextSize.medium
        var theme = Theme.light
    }

    /// The preferences as version 1 stored them: the font size in points. Never changed again.
    struct PreferencesV1: Decodable, Sendable {
        var fontSize: Int
    }

    struct State: Equatable, Sendable {
        /// Persisted.
        var preferences = Preferences()
        /// Not persisted: a reader opens at the first page.
        var page = 1
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case biggerText
        case setTheme(Theme)
        case nextPage
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .biggerText:
            let sizes = TextSize.allCases
            let index = sizes.firstIndex(of: state.preferences.textSize)!
            state.preferences.textSize = sizes[min(index + 1, sizes.count - 1)]
        case .setTheme(let theme):
            state.preferences.theme = theme
        case .nextPage:
            state.page += 1
        }
    }

    /// The persisted preferences: version 2, with the migration from version 1.
    static func preferences(
        storage: any PersistenceStorage,
        onError: @escaping @Sendable (PersistenceError) -> Void
    ) -> PersistedState<State, Preferences> {
        PersistedState(
            \State.preferences,
            key: "preferences",
            storage: storage,
            version: 2,
            migrations: [
                .from(version: 1, as: PreferencesV1.self) { old in
                    let size: TextSize =
                        switch old.fontSize {
                        case ..<13: .small
                        case 13..<17: .medium
                        case 17..<21: .large
                        default: .extraLarge
                        }
                    return Preferences(textSize: size, theme: .light)
                }
            ],
            onError: onError
        )
    }

    /// The app's feature with its preferences saved: the persisting feature last, so that it
    /// sees the preferences as the reducer left them.
    static func feature(persisting preferences: PersistedState<State, Preferences>) -> Feature<Action, State> {
        Feature(reducer: reducer) <> Feature(persisting: preferences)
    }
}
