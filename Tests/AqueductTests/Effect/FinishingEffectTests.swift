import Aqueduct
import Testing

/// The recorder's kind of effect: finished once, on the main actor, after the reducer — and then
/// holding nothing of its middleware, so that whoever keeps the object afterwards (the
/// recorder's writer, on its own thread) never releases what the middleware made.
@MainActor
struct FinishingEffectTests {
    final class Canary: Sendable {}

    @MainActor
    final class Finishes {
        var states: [Int] = []
        var kept: [FinishingEffect<Int, GetState<Int>>] = []
    }

    /// A middleware whose effect for every action is a `FinishingEffect` holding the state
    /// getter; its finish notes the state after the reducer and keeps the object, as the
    /// recorder's writer does. `merged` merges it with an effect that sends nothing.
    struct Finishing: Middleware {
        let finishes: Finishes
        let canary: Canary
        let merged: Bool

        func handle(action: Int, from source: ActionSource, state: GetState<Int>) -> Effect<Int> {
            let finish: @MainActor @Sendable (FinishingEffect<Int, GetState<Int>>) -> Void = {
                [finishes, canary] effect in
                _ = canary
                finishes.states.append(effect.payload())
                finishes.kept.append(effect)
            }
            let effect = FinishingEffect<Int, GetState<Int>>(state, finish: finish).effect
            return merged ? .merge(effect, .run { _ in }) : effect
        }
    }

    static let adding = Reducer<Int, Int>.reduce { amount, total in total += amount }

    @Test(arguments: [false, true])
    func aFinishedEffectIsFinishedOnceAfterTheReducerAndLetsGoOfItsFinish(merged: Bool) {
        let finishes = Finishes()
        weak var weakCanary: Canary?
        do {
            let canary = Canary()
            weakCanary = canary
            let store = Store(
                initialState: 0,
                reducer: Self.adding,
                middleware: Finishing(finishes: finishes, canary: canary, merged: merged)
            )
            store.dispatch(2)
            store.dispatch(3)
            #expect(finishes.states == [2, 5])
            #expect(finishes.kept.count == 2)
            // Finishing again calls nothing: the closure is gone.
            finishes.kept[0].finish(after: [])
            #expect(finishes.states == [2, 5])
        }
        // The store and its middleware are gone; the finished objects are still kept, and hold
        // no closure that holds the canary.
        #expect(finishes.kept.count == 2)
        #expect(weakCanary == nil)
    }
}
