import Aqueduct
import AqueductTesting
import Testing

/// A stack of thirty entries, each with an effect running, popped one at a time and then all at
/// once: no effect is left running.
///
/// A suite of its own for its time limit. Its seventy steps each settle the test store on the
/// main actor, which every main-actor test of a parallel run shares: alone the test takes a
/// twentieth of a second, in a whole run on two cores about forty seconds, and with the cores
/// busy too it took two minutes in CI. A hang still fails it, after five minutes.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ChildStackEffectsTests {
    @Test func entriesPushedWithAnEffectEachAndPoppedLeaveNoEffectRunning() async {
        let store = ChildLiftTests.testStore()
        // A failure bound only, for a loaded machine: each step settles a score of sleepers.
        store.timeout = .seconds(30)
        for index in 0..<30 {
            await store.dispatch(.path(.push(Detail(id: index)))) { $0.path.push(Detail(id: index)) }
            // Waits for a clock nobody advances: runs until cancelled.
            await store.dispatch(.path(.element(id: StackID(index), action: .load)))
            if index.isMultiple(of: 3) { await store.dispatch(.path(.pop)) { $0.path.pop() } }
        }
        #expect(store.state.path.count == 20)
        await store.dispatch(.path(.popFrom(id: StackID(1)))) { $0.path.removeAll() }
        // Exhaustive: fails if any of the 30 loads still runs.
        await store.finish()
    }
}
