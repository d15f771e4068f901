import Aqueduct
import AqueductPersistence
import AqueductTesting
import CheckIn
import CheckInAdapters
import CheckInClient
import Foundation
import LifeSignalApp
import Testing

/// What LifeSignal keeps across restarts, on a test store with an in-memory storage: the
/// settings and the screen restored into the initial state, each change saved, and what cannot
/// be loaded said in plain words.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LifeSignalPersistenceTests {
    /// The app's reducer, the check-in reducer and the persisted parts: what changes the settings
    /// and the screen, and what saves them.
    func makeStore(_ persistence: LifeSignalPersistence, state: AppState) -> TestStore<AppAction, AppState> {
        TestStore(
            initialState: state,
            feature: Feature(reducer: AppState.reducer)
                <> Feature(reducer: CheckInState.reducer).lift(
                    action: \AppAction.Cases.checkIn,
                    state: \AppState.checkIn
                )
                <> LifeSignalApp.navigation(client: .preview, clock: TestClock(), reminderInterval: .seconds(60))
                <> persistence.feature
        )
    }

    @Test func theSettingsAndTheScreenAreSavedAndRestored() async throws {
        let storage = InMemoryStorage()
        let persistence = LifeSignalPersistence(storage: storage) { Issue.record("\($0)") }
        var state = AppState()
        #expect(persistence.load(into: &state).isEmpty)  // nothing saved yet: the defaults
        #expect(state.settings == LifeSignalSettings(intervalSeconds: 86_400, contact: nil))
        #expect(state.screen == .prompt)

        let store = makeStore(persistence, state: state)
        await store.dispatch(.checkIn(.setInterval(.seconds(3600)))) { $0.checkIn.interval = .seconds(3600) }
        await store.dispatch(.checkIn(.setContact("Ada"))) { $0.checkIn.contact = "Ada" }
        await store.dispatch(.path(.push(HistoryScreen()))) { $0.path.push(HistoryScreen()) }
        await store.finish()
        persistence.flush()
        #expect(storage.keys == ["screen", "settings"])

        // The next run: a new declaration over the same storage.
        var restarted = AppState()
        #expect(LifeSignalPersistence(storage: storage) { Issue.record("\($0)") }.load(into: &restarted).isEmpty)
        #expect(restarted.checkIn.interval == .seconds(3600))
        #expect(restarted.checkIn.contact == "Ada")
        #expect(restarted.path.count == 1)
        #expect(restarted.path.first?.isLoading == true)  // which screen, not its rows: they load again
    }

    @Test func anIntervalOutOfRangeLeavesTheDefault() {
        let storage = InMemoryStorage([
            "settings": Data(#"{"version":1,"value":{"intervalSeconds":0,"contact":"Ada"}}"#.utf8)
        ])
        var state = AppState()
        #expect(LifeSignalPersistence(storage: storage) { Issue.record("\($0)") }.load(into: &state).isEmpty)
        #expect(state.checkIn.interval == .seconds(86_400))
        #expect(state.checkIn.contact == "Ada")
    }

    @Test func whatCannotBeLoadedIsSaidInPlainWords() {
        let kept = "/d/settings.json.bad-1"
        #expect(
            LifeSignalPersistence.describe(.corrupt(key: "settings", reason: "Unexpected end of file", keptAt: kept))
                == "Your saved settings (check-in interval and contact) could not be used: the file is damaged. "
                + "LifeSignal starts with the default settings. The file was kept as /d/settings.json.bad-1."
        )
        #expect(
            LifeSignalPersistence.describe(.newerVersion(key: "screen", version: 4, supported: 1, keptAt: nil))
                == "Your saved last screen was saved by a newer version of LifeSignal, which this one cannot read. "
                + "LifeSignal starts with the prompt."
        )
        // No decoder's wording reaches the person.
        let corrupt = LifeSignalPersistence.describe(.corrupt(key: "settings", reason: "DecodingError", keptAt: kept))
        #expect(!corrupt.contains("DecodingError"))
    }

    @Test func thePreviewSetKeepsNothingOnDisk() {
        #expect(LifeSignalClients.preview.storage is InMemoryStorage)
    }
}
