import Aqueduct
import AqueductTesting
import Testing

/// A failure names the case path the way the test wrote it, from the case path itself.
@MainActor
@Suite(.timeLimit(.minutes(3)))
struct TestStoreCaseNameTests {
    struct SyncState: Equatable, Sendable {
        var finished = 0
    }

    static let reducer = Reducer<NamedAppAction, SyncState>.reduce { action, state in
        if case .sync(.finished(let count)) = action { state.finished = count }
    }

    static func expectMissing(_ expected: String, receiving receive: () async -> Void) async {
        await withKnownIssue {
            await receive()
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected to receive an action matching \(expected), but no action arrived and no effect is running."
                )
        }
    }

    @Test func aMissingReceiveNamesTheCasePath() async {
        let store = TestStore(initialState: SyncState(), reducer: Self.reducer)
        await store.dispatch(.quit)
        await Self.expectMissing("\\.sync.finished") { await store.receive(\.sync.finished) }
    }

    @Test func aPathThreeCasesDeepIsNamedStepByStep() async {
        let store = TestStore(initialState: SyncState(), reducer: Self.reducer)
        await store.dispatch(.quit)
        await Self.expectMissing("\\.settings.resync.finished") { await store.receive(\.settings.resync.finished) }
    }

    @Test func aPathHeldInAVariableIsNamedAsALiteralIs() async {
        let store = TestStore(initialState: SyncState(), reducer: Self.reducer)
        let path: CaseKeyPath<NamedAppAction, Int> = \.sync.finished
        await store.dispatch(.quit)
        await Self.expectMissing("\\.sync.finished with 3") { await store.receive(path, 3) }
    }
}
