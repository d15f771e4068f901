import Aqueduct
import Testing

// The examples of the doc comments of Effect, Send and ImmediateSend that no other test has:
// the rest are quoted from the effect tests and the CheckIn and Reachability examples.

extension DocumentationExamples {
    @MainActor
    @Suite struct EffectExamplesTests {
        @Test func anImmediateSendCallsItsFunctionWithEachAction() {
            var sent: [CounterAction] = []
            let send = ImmediateSend<CounterAction> { action, _ in sent.append(action) }
            send(.increment)
            #expect(sent == [.increment])
        }
    }
}
