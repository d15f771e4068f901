import Aqueduct
import AqueductTesting
import Testing

/// A failure names a case key path through generated accessors the way the test wrote it.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct TestStoreCaseNameTests {
    struct SyncState: Equatable, Sendable {
        var finished = 0
    }

    @Test func aMissingReceiveNamesTheCasePath() async {
        let reducer = Reducer<NamedAppAction, SyncState>.reduce { action, state in
            if case .sync(.finished(let count)) = action { state.finished = count }
        }
        let store = TestStore(initialState: SyncState(), reducer: reducer)
        await store.send(.quit)
        await withKnownIssue {
            await store.receive(\.sync?.finished)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected to receive an action matching \\.sync?.finished, but no action arrived and no effect is running."
                )
        }
    }
}
