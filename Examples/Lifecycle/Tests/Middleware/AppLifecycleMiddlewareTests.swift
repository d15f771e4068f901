import Aqueduct
import Lifecycle
import Testing

@MainActor
@Suite struct AppLifecycleMiddlewareTests {
    static let recorder = Reducer<AppLifecycleAction, [AppLifecycleAction]>.reduce { action, seen in
        seen.append(action)
    }

    /// The middleware in a store whose state records the actions.
    static func lifted(
        _ middleware: AppLifecycleMiddleware
    ) -> LiftedMiddleware<AppLifecycleMiddleware, AppLifecycleAction, AppLifecycleAction, [AppLifecycleAction]> {
        middleware.lift(inputAction: { $0 }, outputAction: { $0 }, state: { _ in () })
    }

    /// Polls the main actor until `condition` holds, bounded so a broken handshake fails
    /// instead of hanging.
    func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
        for _ in 0..<5_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }

    @Test func dispatchesEveryEventInOrderAndAcknowledgesThoseThatNeedIt() async {
        let script: [AppLifecycleAction] = [
            .didBecomeActive, .willBecomeInactive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
            .willTerminate,
        ]
        let scripted = ScriptedLifecycle(script, pausesForAcknowledgement: true)
        let store = Store(
            initialState: [],
            reducer: Self.recorder,
            middleware: Self.lifted(AppLifecycleMiddleware(client: scripted.client))
        )
        #expect(await eventually { store.state == script })
        #expect(await eventually { scripted.acknowledgements == [.didEnterBackground, .willTerminate] })
    }

    @Test func acknowledgesOnlyAfterTheDispatchCascadeFinished() async {
        // A middleware after the lifecycle one records whether the acknowledgement had
        // happened while the follow-up action (as a bridge would send it) was processed.
        let scripted = ScriptedLifecycle([.didEnterBackground], pausesForAcknowledgement: true)
        let followUp = AnyMiddleware<AppLifecycleAction, AppLifecycleAction, [AppLifecycleAction]> { action, _, _ in
            action == .didEnterBackground ? .send(.willTerminate) : .none
        }
        let observedAcknowledgements = EventCounter()
        let probe = AnyMiddleware<AppLifecycleAction, AppLifecycleAction, [AppLifecycleAction]> { action, _, _ in
            if action == .willTerminate { observedAcknowledgements.value = scripted.acknowledgements.count }
            return .none
        }
        let store = Store(
            initialState: [],
            reducer: Self.recorder,
            middleware: Self.lifted(AppLifecycleMiddleware(client: scripted.client)) <> followUp <> probe
        )
        #expect(await eventually { scripted.acknowledgements.contains(.didEnterBackground) })
        #expect(store.state == [.didEnterBackground, .willTerminate])
        #expect(observedAcknowledgements.value == 0)
    }
}

@MainActor
final class EventCounter {
    var value = -1
}
