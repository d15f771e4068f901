import Aqueduct
import AqueductPersistence
import AqueductTesting
import Foundation
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct PersistedStateAndMigrationTests {
    typealias Feature = PersistedStateAndMigration

    /// The errors `onError` was told, in order.
    final class Errors: Sendable {
        let reported = LockedValue<[PersistenceError]>([])
        func append(_ error: PersistenceError) { reported.withLock { $0.append(error) } }
    }

    /// The value stored under "preferences", decoded: its version and its fields.
    struct Stored: Decodable, Equatable {
        var version: Int
        var value: [String: String]
    }

    func stored(_ storage: InMemoryStorage) throws -> Stored {
        try JSONDecoder().decode(Stored.self, from: try #require(storage["preferences"]))
    }

    @Test func aChangeIsSavedAndTheNextLaunchStartsFromIt() async throws {
        let storage = InMemoryStorage()
        let errors = Errors()
        let preferences = Feature.preferences(storage: storage, onError: errors.append)
        var state = Feature.State()
        #expect(preferences.load(into: &state) == nil)  // nothing stored: the default
        #expect(state == Feature.State())

        let store = TestStore(initialState: state, feature: Feature.feature(persisting: preferences))
        await store.dispatch(.biggerText) { $0.preferences.textSize = .large }
        await store.dispatch(.setTheme(.dark)) { $0.preferences.theme = .dark }
        await store.dispatch(.nextPage) { $0.page = 2 }
        await store.finish()
        preferences.flush()  // the writer coalesces changes: written now, not after its delay

        // The last value, in the current version; the page is not part of it.
        #expect(try stored(storage) == Stored(version: 2, value: ["textSize": "large", "theme": "dark"]))

        // The next launch.
        var relaunched = Feature.State()
        Feature.preferences(storage: storage, onError: errors.append).load(into: &relaunched)
        #expect(relaunched.preferences == Feature.Preferences(textSize: .large, theme: .dark))
        #expect(relaunched.page == 1)
        #expect(errors.reported.withLock { $0 }.isEmpty)
    }

    @Test func aVersion1ValueIsMigratedAndSavedInVersion2WithTheNextChange() async throws {
        let storage = InMemoryStorage(["preferences": Data(#"{"version":1,"value":{"fontSize":18}}"#.utf8)])
        let errors = Errors()
        let preferences = Feature.preferences(storage: storage, onError: errors.append)
        var state = Feature.State()
        #expect(preferences.load(into: &state) == nil)
        #expect(state.preferences == Feature.Preferences(textSize: .large, theme: .light))  // 18 points

        let store = TestStore(initialState: state, feature: Feature.feature(persisting: preferences))
        await store.dispatch(.nextPage) { $0.page = 2 }
        preferences.flush()
        // The preferences did not change: the file is still version 1's.
        #expect(storage["preferences"] == Data(#"{"version":1,"value":{"fontSize":18}}"#.utf8))

        await store.dispatch(.biggerText) { $0.preferences.textSize = .extraLarge }
        await store.finish()
        preferences.flush()
        #expect(try stored(storage) == Stored(version: 2, value: ["textSize": "extraLarge", "theme": "light"]))
        #expect(errors.reported.withLock { $0 }.isEmpty)
    }

    /// Loads `data` as the stored preferences, expecting an error; checks that it was told to
    /// `onError` too, that the state is the default, and that the data is kept aside whole.
    func loadBadData(_ data: Data) throws -> PersistenceError {
        let storage = InMemoryStorage(["preferences": data])
        let errors = Errors()
        var state = Feature.State()
        let error = try #require(Feature.preferences(storage: storage, onError: errors.append).load(into: &state))
        #expect(errors.reported.withLock { $0 } == [error])
        #expect(state == Feature.State())  // the default
        #expect(storage.keys == ["preferences.bad-1"])  // kept aside, never overwritten
        #expect(storage["preferences.bad-1"] == data)
        #expect(error.keptAt == "preferences.bad-1")
        return error
    }

    @Test func aValueOfANewerVersionIsReportedAndKeptAside() throws {
        let error = try loadBadData(Data(#"{"version":3,"value":{"textSize":"huge","contrast":"high"}}"#.utf8))
        #expect(error == .newerVersion(key: "preferences", version: 3, supported: 2, keptAt: "preferences.bad-1"))
    }

    @Test func aCorruptValueIsReportedAndKeptAside() throws {
        let error = try loadBadData(Data(#"{"version":2,"value":{"textSize":"lar"#.utf8))  // cut short
        guard case .corrupt(key: "preferences", reason: _, keptAt: _) = error else {
            Issue.record("not reported as corrupt: \(error)")
            return
        }
    }

    @Test func aVersion1ValueThatIsNotOneIsCorruptNotMigrated() throws {
        let error = try loadBadData(Data(#"{"version":1,"value":{"fontSize":"eighteen"}}"#.utf8))
        guard case .corrupt(key: "preferences", reason: _, keptAt: _) = error else {
            Issue.record("not reported as corrupt: \(error)")
            return
        }
    }
}
