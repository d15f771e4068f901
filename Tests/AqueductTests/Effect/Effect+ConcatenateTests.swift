import Aqueduct
import AqueductTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectConcatenateTests {
    @Test func eachPartStartsWhenTheOneBeforeHasFinished() async {
        let clock = TestClock()
        let log = EventLog()
        let store = feedStore(go: { _, _ in
            .concatenate(
                .run { send in
                    log.record("first started")
                    try? await clock.sleep(for: .seconds(1))
                    log.record("first finished")
                    send(.got("first"))
                },
                .run { send in
                    log.record("second started")
                    send(.got("second"))
                },
                .send(.got("third"))
            )
        })
        await store.dispatch(.go("x"))
        #expect(log.all == ["first started"])
        await clock.advance(by: .seconds(1))
        #expect(log.all == ["first started", "first finished", "second started"])
        await store.receive(.got("first")) { $0 = ["first"] }
        await store.receive(.got("second")) { $0.append("second") }
        await store.receive(.got("third")) { $0.append("third") }
        await store.finish()
    }

    @Test func aPartAfterAsynchronousWorkSeesTheStateItsActionsMade() async {
        // What the `.run` sent is processed before the `.immediate` runs, in a test store as in
        // a store (whose drain of the inbox is queued on the main actor before the next part).
        let store = feedStore(go: { _, state in
            .concatenate(
                .run { send in send(.got("loaded")) },
                .immediate { send in send(.got("saw \(state().count) result")) }
            )
        })
        await store.dispatch(.go("x"))
        await store.receive(.got("loaded")) { $0 = ["loaded"] }
        await store.receive(.got("saw 1 result")) { $0.append("saw 1 result") }
        await store.finish()
    }

    @Test func leadingSynchronousPartsAreProcessedInTheSameDispatch() {
        let store = Store(
            initialState: [],
            reducer: feedReducer,
            middleware: feedMiddleware(go: { _, _ in .concatenate(.send(.got("a")), .none, .send(.got("b"))) })
        )
        store.dispatch(.go("x"))
        #expect(store.state == ["a", "b"])
        #expect(store.runningEffects.isEmpty)
    }

    @Test func aMergedPartHasFinishedWhenAllItsPartsHave() async {
        let clock = TestClock()
        let store = feedStore(go: { _, _ in
            .concatenate(
                .merge(
                    .run { send in
                        try? await clock.sleep(for: .seconds(1))
                        send(.got("short"))
                    },
                    .run { send in
                        try? await clock.sleep(for: .seconds(2))
                        send(.got("long"))
                    }
                ),
                .send(.got("after both"))
            )
        })
        await store.dispatch(.go("x"))
        await clock.advance(by: .seconds(1))
        await store.receive(.got("short")) { $0 = ["short"] }
        #expect(store.state == ["short"])
        await clock.advance(by: .seconds(1))
        await store.receive(.got("long")) { $0.append("long") }
        await store.receive(.got("after both")) { $0.append("after both") }
        await store.finish()
    }

    @Test func cancellingItsIDCancelsTheRunningPartAndStopsTheRest() async {
        let clock = TestClock()
        let log = EventLog()
        let store = feedStore(
            go: { _, _ in
                .concatenate(
                    .run { send in send(.got("first")) },
                    .run { send in
                        try? await clock.sleep(for: .seconds(1))
                        log.record("second returned")
                        send(.got("second"))  // dropped: the effect is cancelled
                    },
                    .send(.got("third")),
                    .run { _ in log.record("fourth started") }
                )
                .cancellable(id: "chain")
            },
            stop: { .cancel(id: "chain") }
        )
        await store.dispatch(.go("x"))
        await store.receive(.got("first")) { $0 = ["first"] }
        #expect(clock.sleeperCount == 1)
        await store.dispatch(.stop)
        #expect(clock.sleeperCount == 0)
        #expect(log.all == ["second returned"])
        await clock.advance(by: .seconds(5))
        await store.finish()  // exhaustive: neither "second" nor "third" was processed
        #expect(store.state == ["first"])
    }

    @Test func cancellingWhileAPartOfItsOwnRunsStopsTheRest() async {
        let clock = TestClock()
        let store = feedStore(
            go: { _, _ in
                .concatenate(
                    .run { _ in try? await clock.sleep(for: .seconds(1)) }.cancellable(id: "part"),
                    .send(.got("after the part"))
                )
                .cancellable(id: "chain")
            },
            stop: { .cancel(id: "chain") }
        )
        await store.dispatch(.go("x"))
        await store.dispatch(.stop)
        await clock.advance(by: .seconds(1))
        await store.finish()
        #expect(store.state.isEmpty)
    }

    @Test func cancelInFlightReplacesTheWholeConcatenation() async {
        let clock = TestClock()
        let store = feedStore(go: { name, _ in
            .concatenate(
                .run { send in
                    try? await clock.sleep(for: .seconds(1))
                    send(.got("\(name) 1"))
                },
                .send(.got("\(name) 2"))
            )
            .cancellable(id: "chain", cancelInFlight: true)
        })
        await store.dispatch(.go("a"))
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.go("b"))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
        await store.receive(.got("b 1")) { $0 = ["b 1"] }
        await store.receive(.got("b 2")) { $0.append("b 2") }
        await store.finish()
    }

    @Test func cancellingOnePartsOwnIDStartsTheNextPart() async {
        let clock = TestClock()
        let store = feedStore(
            go: { _, _ in
                .concatenate(
                    .run { send in
                        try? await clock.sleep(for: .seconds(60))
                        send(.got("first"))
                    }
                    .cancellable(id: "first"),
                    .send(.got("second"))
                )
            },
            stop: { .cancel(id: "first") }
        )
        await store.dispatch(.go("x"))
        await store.dispatch(.stop)
        await store.receive(.got("second")) { $0 = ["second"] }
        await store.finish()
    }

    @Test func aConcatenationIsOneRunningEffectAndItsSendsTaskCoversItAll() async {
        let clock = TestClock()
        let store = feedStore(go: { _, _ in
            .concatenate(
                .run { _ in try? await clock.sleep(for: .seconds(1)) }.cancellable(id: "first"),
                .run { send in
                    try? await clock.sleep(for: .seconds(1))
                    send(.got("second"))
                }
                .cancellable(id: "second")
            )
        })
        let task = await store.dispatch(.go("x"))
        await clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)  // the second part, started after the send returned
        await task.cancel()
        #expect(task.isCancelled)
        #expect(clock.sleeperCount == 0)
        await store.finish()
        #expect(store.state.isEmpty)
    }

    @Test func aStoreListsARunningConcatenationOnceAndCancelsItWhenReleased() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        var store: Store<Feed, [String]>? = Store(
            initialState: [],
            reducer: feedReducer,
            middleware: feedMiddleware(go: { _, _ in
                .concatenate(
                    .merge(
                        .run { _ in try? await clock.sleep(for: .seconds(1)) },
                        .run { _ in try? await clock.sleep(for: .seconds(1)) }
                    ),
                    .send(.got("after"))
                )
            }),
            scheduler: scheduler
        )
        store?.dispatch(.go("x"))
        #expect(store?.runningEffects == ["go(\"x\")"])
        await scheduler.run()
        #expect(clock.sleeperCount == 2)
        store = nil
        await scheduler.run()
        #expect(clock.sleeperCount == 0)
    }

    @Test func actionsSentByLaterPartsCarryTheCausesSource() async {
        let clock = TestClock()
        let store = feedStore(go: { _, _ in
            .concatenate(
                .run { _ in try? await clock.sleep(for: .seconds(1)) },
                .send(.got("sent")),
                .immediate { send in send(.got("immediate")) }
            )
        })
        let line = #line + 1
        await store.dispatch(.go("x"))
        await clock.advance(by: .seconds(1))
        for value in ["sent", "immediate"] {
            let received = await store.receive(.got(value)) { $0.append(value) }
            #expect(received?.source.line == UInt(line))
            #expect(received?.source.info == "Sent by an effect of go(\"x\")")
        }
        await store.finish()
    }

    @Test func aLiftedConcatenationEmbedsItsActionsAndKeepsItsID() async {
        let clock = TestClock()
        let store = liftedCounterStore(
            {
                .concatenate(
                    .run { send in
                        try? await clock.sleep(for: .seconds(1))
                        send(.set(10))
                    },
                    .send(.set(20))
                )
                .cancellable(id: "chain", cancelInFlight: true)
            },
            stop: { .cancel(id: "chain") }
        )
        await store.dispatch(.counter(.increment)) { $0.count = 1 }
        await clock.advance(by: .seconds(1))
        let first = await store.receive(.counter(.set(10))) { $0.count = 10 }
        #expect(first?.source.info == "Sent by an effect of counter(CounterAction.increment)")
        await store.receive(.counter(.set(20))) { $0.count = 20 }
        await store.dispatch(.counter(.increment)) { $0.count = 21 }
        await store.dispatch(.counter(.decrement)) { $0.count = 20 }  // cancels "chain"
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func eachElementsConcatenationHasItsOwnIDs() async {
        let clock = TestClock()
        let rows = TestMiddleware<RowAction, Row> { action, _, _ in
            switch action {
            case .start(let name):
                return .concatenate(
                    .run { send in
                        try? await clock.sleep(for: .seconds(1))
                        send(.saved(title: name))
                    }
                    .cancellable(id: "work"),
                    .send(.saved(title: "\(name) done"))
                )
            case .stop:
                return .cancel(id: "work")
            default:
                return .none
            }
        }
        let store = TestStore(
            initialState: RowListState(),
            reducer: CollectionMiddlewareTests.listReducer,
            middleware: CollectionMiddlewareTests.byID(rows)
        )
        await store.dispatch(.row(id: 1, action: .start("one")))
        await store.dispatch(.row(id: 2, action: .start("two")))
        await store.dispatch(.row(id: 1, action: .stop))
        // Row 1's part was cancelled, so its next part ran; row 2's "work" was left alone.
        let done = await store.receive(.row(id: 1, action: .saved(title: "one done"))) { $0.rows[0].title = "one done" }
        #expect(done?.source.info == "Sent by an effect of row(id: 1, action: RowAction.start(\"one\"))")
        await clock.advance(by: .seconds(1))
        await store.receive(.row(id: 2, action: .saved(title: "two"))) { $0.rows[1].title = "two" }
        await store.receive(.row(id: 2, action: .saved(title: "two done"))) { $0.rows[1].title = "two done" }
        await store.finish()
    }

    @Test func aMiddlewareTesterAwaitsEveryPartAndRecordsThemInOrder() async {
        let tester = MiddlewareTester(
            feedMiddleware(go: { name, _ in
                .concatenate(
                    .send(.got("\(name) 1")),
                    .run { send in send(.got("\(name) 2")) },
                    .send(.got("\(name) 3"))
                )
            }),
            state: []
        )
        let sent = await tester.handle(.go("x"))
        #expect(sent.map(\.action) == [.got("x 1"), .got("x 2"), .got("x 3")])
        #expect(sent.allSatisfy { $0.source.info == "Sent by an effect of go(\"x\")" })
    }

    @Test func concatenatingNothingButNoneGivesNone() {
        #expect(Effect<Feed>.concatenate([]).isNone)
        #expect(Effect<Feed>.concatenate(.none, .none).isNone)
        #expect(!Effect<Feed>.concatenate(.none, .send(.stop)).isNone)
    }
}
