import Aqueduct
import AqueductTesting
import Testing

/// A feature written as one function: the store runs it, its effect runs after every reducer
/// (reading the new state) and belongs to the store, and a child written so lifts into every
/// shape with its effects ending with it.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FeatureTests {
    @Test func aStoreRunsAFeature() {
        let store = Store(initialState: Tally(), feature: Tally.feature(clock: TestClock()))
        store.dispatch(.increment)
        store.dispatch(.increment)
        #expect(store.state.count == 2)
    }

    @Test func theEffectOfAFunctionRunsAfterTheStateChangeAndIsCancellableByID() async {
        let clock = TestClock()
        let store = TestStore(initialState: Tally(), feature: Tally.feature(clock: clock))
        await store.dispatch(.incrementLater) { $0.isWaiting = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.increment) {
            $0.count = 1
            $0.isWaiting = false
        }

        await store.dispatch(.incrementLater) { $0.isWaiting = true }
        await store.dispatch(.cancel) { $0.isWaiting = false }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func theEffectRunsAfterEveryReducerAndTheMiddlewareSeesTheStateBefore() {
        let probe = Probe()
        let function = Feature<TallyAction, Tally>.reduce { _, tally in
            tally.count += 1
            return .immediate { _ in probe.seen.append("function's effect reads \(probe.count())") }
        }
        let later = Feature(reducer: Reducer<TallyAction, Tally>.reduce { _, tally in tally.count *= 10 })
        let watcher = Feature(
            middleware: TestMiddleware<TallyAction, Tally> { _, _, state in
                probe.seen.append("middleware reads \(state().count)")
                return .immediate { _ in probe.seen.append("middleware's effect reads \(state().count)") }
            }
        )
        let store = Store(initialState: Tally(), feature: function <> later <> watcher)
        probe.count = { store.state.count }
        store.dispatch(.increment)
        #expect(
            probe.seen == [
                "middleware reads 0",
                "middleware's effect reads 10",
                "function's effect reads 10",
            ]
        )
    }

    @Test func anActionAFunctionsEffectSendsKeepsTheSourceAndNamesItsCause() throws {
        let sources = SourceLog()
        let recorder = Feature(
            middleware: TestMiddleware<TallyAction, Tally> { action, source, _ in
                sources.entries.append((action, source))
                return .none
            }
        )
        let store = Store(
            initialState: Tally(),
            feature: recorder
                <> .reduce { action, _ in
                    action == .incrementLater ? .send(.increment) : .none
                }
        )
        let line: UInt = #line + 1
        store.dispatch(.incrementLater)

        #expect(sources.entries.map(\.action) == [.incrementLater, .increment])
        let sent = try #require(sources.entries.last?.source)
        #expect(sent.line == line)
        #expect(sent.cause == ActionCause(seq: 0, kind: .sentByEffect))
        #expect(sent.info == "Sent by an effect of incrementLater")
    }

    @Test func anEffectOfAFunctionIsCancelledWithItsStore() async {
        let started = Release()
        let ended = Release()
        var store: Store<TallyAction, Tally>? = Store(
            initialState: Tally(),
            feature: .reduce { _, _ in
                .run { _ in
                    started.open()
                    await untilCancelled()
                    ended.open()
                }
            }
        )
        store?.dispatch(.increment)
        await started.wait()
        store = nil
        await ended.wait()
    }

    // MARK: - A function lifted into each shape of child

    @Test func aLiftedFunctionsActionsAreEmbedded() async {
        let clock = TestClock()
        let store = TestStore(initialState: Board(), feature: Board.feature(clock: clock))
        await store.dispatch(.tally(.incrementLater)) { $0.tally.isWaiting = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.tally(.increment)) {
            $0.tally.count = 1
            $0.tally.isWaiting = false
        }
        await store.finish()
    }

    @Test func aPresentedFunctionDismissesItselfAndItsEffectsEndWithIt() async {
        let clock = TestClock()
        let store = TestStore(initialState: Board(), feature: Board.feature(clock: clock))
        await store.dispatch(.present(Tally(id: 1))) { $0.sheet = Tally(id: 1) }
        await store.dispatch(.sheet(.presented(.incrementLater))) { $0.sheet?.isWaiting = true }
        await store.dispatch(.sheet(.presented(.close)))
        await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
        // The wait was cancelled with the sheet: nothing arrives, nothing runs.
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func elementsOfACollectionCancelTheirOwnIdsAndTheirEffectsEndWithThem() async {
        let clock = TestClock()
        let board = Board(tallies: [Tally(id: 1), Tally(id: 2), Tally(id: 3)])
        let store = TestStore(initialState: board, feature: Board.feature(clock: clock))
        await store.dispatch(.tallies(id: 1, action: .incrementLater)) { $0.tallies[0].isWaiting = true }
        await store.dispatch(.tallies(id: 2, action: .incrementLater)) { $0.tallies[1].isWaiting = true }
        await store.dispatch(.tallies(id: 3, action: .incrementLater)) { $0.tallies[2].isWaiting = true }
        // Tally 1's "later" is its own: tally 2's keeps running. Tally 3 goes, and its wait too.
        await store.dispatch(.tallies(id: 1, action: .cancel)) { $0.tallies[0].isWaiting = false }
        await store.dispatch(.remove(id: 3)) { $0.tallies.removeLast() }
        await clock.advance(by: .seconds(1))
        await store.receive(.tallies(id: 2, action: .increment)) {
            $0.tallies[1].count = 1
            $0.tallies[1].isWaiting = false
        }
        await store.finish()
    }

    @Test func aStackEntrysEffectsEndWhenItIsPoppedAndAnEntryDismissesItself() async {
        let clock = TestClock()
        let store = TestStore(initialState: Board(), feature: Board.feature(clock: clock))
        await store.dispatch(.path(.push(Tally(id: 1)))) { $0.path.push(Tally(id: 1)) }
        await store.dispatch(.path(.push(Tally(id: 2)))) { $0.path.push(Tally(id: 2)) }
        await store.dispatch(.path(.element(id: StackID(0), action: .incrementLater))) {
            $0.path[id: StackID(0)]?.isWaiting = true
        }
        await store.dispatch(.path(.element(id: StackID(1), action: .incrementLater))) {
            $0.path[id: StackID(1)]?.isWaiting = true
        }
        await store.dispatch(.path(.pop)) { $0.path.pop() }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(0), action: .increment))) {
            $0.path[id: StackID(0)]?.count = 1
            $0.path[id: StackID(0)]?.isWaiting = false
        }

        await store.dispatch(.path(.element(id: StackID(0), action: .incrementLater))) {
            $0.path[id: StackID(0)]?.isWaiting = true
        }
        await store.dispatch(.path(.element(id: StackID(0), action: .close)))
        await store.receive(.path(.popFrom(id: StackID(0)))) { $0.path.removeAll() }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }
}

/// What the effects of `theEffectRunsAfterEveryReducerAndTheMiddlewareSeesTheStateBefore` saw.
@MainActor
final class Probe {
    var seen: [String] = []
    var count: () -> Int = { -1 }
}

/// The actions a middleware saw, with their sources.
@MainActor
final class SourceLog {
    var entries: [(action: TallyAction, source: ActionSource)] = []
}
