import Aqueduct
import AqueductTesting
import Lifecycle
import LifecycleAdapters
import LifecycleClient
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3)))
struct AppLifecycleMiddlewareTests {
    @Test func dispatchesEachEventAndWaitsForTheAcknowledgementsItNeeds() async {
        let scripted = ScriptedLifecycle([
            .didBecomeActive, .willBecomeInactive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
            .willTerminate,
        ])
        let tester = MiddlewareTester(AppLifecycleMiddleware(client: scripted.client), state: ())
        tester.start()

        // The script, like the POSIX adapter, goes no further than didEnterBackground until the
        // middleware acknowledges it.
        var sent = await tester.waitForDispatches(count: 3)
        #expect(sent.map(\.action) == [.didBecomeActive, .willBecomeInactive, .didEnterBackground])
        #expect(sent.allSatisfy { $0.source.info == "Started by AppLifecycleMiddleware.start(state:)" })
        #expect(await tester.handle(.didBecomeActive).isEmpty)
        #expect(await tester.handle(.willBecomeInactive).isEmpty)
        #expect(scripted.played == [.didBecomeActive, .willBecomeInactive, .didEnterBackground])

        await tester.handle(.didEnterBackground)
        sent = await tester.waitForDispatches(count: 6)
        #expect(sent.map(\.action).suffix(3) == [.willEnterForeground, .didBecomeActive, .willTerminate])

        await tester.handle(.willTerminate)
        #expect(await scripted.acknowledgements(count: 2) == [.didEnterBackground, .willTerminate])
    }

    @Test func acknowledgesOnlyAfterTheDispatchCascadeFinished() async {
        // A middleware after the lifecycle one sends what a bridge would; another records
        // whether the acknowledgement had happened while that action was processed.
        let scripted = ScriptedLifecycle([.didEnterBackground])
        let followUp = Responder { action in
            action == .didEnterBackground ? .send(.willTerminate) : .none
        }
        let acknowledgementsSeen = EventCounter()
        let probe = Responder { action in
            if action == .willTerminate { acknowledgementsSeen.value = scripted.acknowledgements.count }
            return .none
        }
        let store = TestStore(
            initialState: [],
            reducer: Reducer<AppLifecycleAction, [AppLifecycleAction]>.reduce { action, seen in seen.append(action) },
            middleware: AppLifecycleMiddleware(client: scripted.client).lift(action: \.self) <> followUp <> probe
        )
        // The test store processes what the client dispatched when the test receives it. The
        // acknowledgement comes after the cascade: when willTerminate (sent during
        // didEnterBackground's processing) was processed, nothing had been acknowledged yet.
        await store.receive(.didEnterBackground) { $0 = [.didEnterBackground] }
        await store.receive(.willTerminate) { $0 = [.didEnterBackground, .willTerminate] }
        #expect(acknowledgementsSeen.value == 0)
        #expect(await scripted.acknowledgements(count: 2) == [.didEnterBackground, .willTerminate])
        await store.finish()
    }
}

@MainActor
final class EventCounter {
    var value = -1
}

/// A middleware of the test's own, in a store whose state is the events it processed:
/// `handle` returns what `respond` makes of each action.
struct Responder: Middleware {
    let respond: @MainActor @Sendable (AppLifecycleAction) -> Effect<AppLifecycleAction>

    func handle(
        action: AppLifecycleAction,
        from source: ActionSource,
        state: GetState<[AppLifecycleAction]>
    ) -> Effect<AppLifecycleAction> {
        respond(action)
    }
}
