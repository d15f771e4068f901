import Aqueduct
import AqueductTesting
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

        /// A socket's messages, sent with backpressure (the Effects article and `Send`).
        @Test func aSocketReaderSendsEachMessageWithBackpressure() async {
            struct Socket: Sendable {
                let messages: AsyncStream<String>
            }
            enum SocketAction: Sendable, Equatable {
                case connect
                case received(String)
            }
            let (messages, delivery) = AsyncStream.makeStream(of: String.self)
            let socket = Socket(messages: messages)
            let middleware = TestMiddleware<SocketAction, [String]> { action, _, _ in
                switch action {
                case .connect:
                    return .run { [socket] send in
                        for await message in socket.messages {
                            await send.withBackpressure(.received(message))
                        }
                    }
                    .cancellable(id: "socket")
                case .received:
                    return .none
                }
            }
            let reducer = Reducer<SocketAction, [String]>.reduce { action, received in
                if case .received(let message) = action { received.append(message) }
            }
            for message in ["hello", "world"] { delivery.yield(message) }
            delivery.finish()
            let store = TestStore(initialState: [], reducer: reducer, middleware: middleware)
            await store.dispatch(.connect)
            await store.receive(.received("hello")) { $0 = ["hello"] }
            await store.receive(.received("world")) { $0 = ["hello", "world"] }
            await store.finish()
        }
    }
}
