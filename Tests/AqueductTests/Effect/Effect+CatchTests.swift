import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectCatchTests {
    enum LoadError: Error, Equatable {
        case offline
    }

    @Test func theHandlerGetsTheTypedErrorAndSendsWithTheCausesSource() async {
        let store = feedStore(go: { name, _ in
            .run { send throws(LoadError) in
                send(.got("\(name) started"))
                throw .offline
            } catch: { error, send in
                let typed: LoadError = error
                send(.got("\(name) failed: \(typed)"))
            }
        })
        let line = #line + 1
        await store.dispatch(.go("load"))
        await store.receive(.got("load started")) { $0 = ["load started"] }
        let failure = await store.receive(.got("load failed: offline")) { $0.append("load failed: offline") }
        #expect(failure?.source.line == UInt(line))
        #expect(failure?.source.function == "theHandlerGetsTheTypedErrorAndSendsWithTheCausesSource()")
        #expect(failure?.source.info == "Sent by an effect of go(\"load\")")
        await store.finish()
    }

    @Test func workThatSucceedsDoesNotCallTheHandler() async {
        let store = feedStore(go: { name, _ in
            .run { send throws(LoadError) in
                send(.got(name))
            } catch: { _, send in
                send(.got("handler"))
            }
        })
        await store.dispatch(.go("fine"))
        await store.receive(.got("fine")) { $0 = ["fine"] }
        await store.finish()  // exhaustive: a `.got("handler")` would not have been received
    }

    @Test func aCancelledEffectDoesNotCallTheHandlerWhateverTheWorkThrew() async {
        let clock = TestClock()
        let handled = EventLog()
        let store = feedStore(
            go: { name, _ in
                .run { send in
                    if name == "rethrows" {
                        try await clock.sleep(for: .seconds(60))
                    } else {
                        // Work that turns its cancellation into an error of its own.
                        do { try await clock.sleep(for: .seconds(60)) } catch { throw LoadError.offline }
                    }
                    send(.got("\(name) woke"))
                } catch: { error, send in
                    handled.record("\(name): \(error)")
                    send(.got("\(name) handled \(error)"))
                }
                .cancellable(id: "load")
            },
            stop: { .cancel(id: "load") }
        )
        await store.dispatch(.go("rethrows"))
        await store.dispatch(.go("converts"))
        #expect(clock.sleeperCount == 2)
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(60))
        await store.finish()  // exhaustive: nothing was sent
        #expect(store.state.isEmpty)
        #expect(handled.all.isEmpty)
    }

    @Test func aCancellationErrorOfAnEffectNotCancelledGoesToTheHandler() async {
        let store = feedStore(go: { name, _ in
            .run { _ in
                throw CancellationError()
            } catch: { error, send in
                send(.got("\(name): \(error is CancellationError ? "CancellationError" : "other")"))
            }
        })
        await store.dispatch(.go("child cancelled"))
        await store.receive(.got("child cancelled: CancellationError")) { $0 = ["child cancelled: CancellationError"] }
        await store.finish()
    }

    @Test func aMiddlewareTesterRecordsWhatTheHandlerSent() async {
        let tester = MiddlewareTester(
            feedMiddleware(go: { name, _ in
                .run { _ throws(LoadError) in
                    throw .offline
                } catch: { error, send in
                    send(.got("\(name): \(error)"))
                }
            }),
            state: []
        )
        let sent = await tester.handle(.go("sync"))
        #expect(sent.map(\.action) == [.got("sync: offline")])
        #expect(sent.first?.source.info == "Sent by an effect of go(\"sync\")")
    }

    @Test func aLiftedMiddlewaresHandlerSendsEmbeddedActions() async {
        let store = liftedCounterStore {
            .run { _ throws(LoadError) in
                throw .offline
            } catch: { _, send in
                send(.set(-1))
            }
        }
        await store.dispatch(.counter(.increment)) { $0.count = 1 }
        let failure = await store.receive(.counter(.set(-1))) { $0.count = -1 }
        #expect(failure?.source.info == "Sent by an effect of counter(CounterAction.increment)")
        await store.finish()
    }
}
