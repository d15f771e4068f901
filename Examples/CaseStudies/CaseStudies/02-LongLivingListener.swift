// 02 — A long-living listener.
//
// Some work lives as long as the app: listening to signals, a socket, a stream of notifications.
// A middleware returns it from `start(state:)`, and the store runs it as an effect it owns —
// on the store's scheduler (a test scheduler in tests, so a `TestStore` receives what it sends
// step by step), cancellable with `.cancel(id:)` like any other effect, and cancelled when the
// store is released: nothing it sends after that is reduced. The actions it sends say who started
// them (`Started by LongLivingListener.NotificationsMiddleware<…>.start(state:)`). Here a client's
// stream of notices becomes actions, muting stops the listener for good, and a notice is marked
// read after a second of the clock the middleware is given.
import Aqueduct

enum LongLivingListener {
    struct State: Equatable, Sendable {
        var notices: [String] = []
        var unread = 0
        var isMuted = false
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case noticeArrived(String)
        case markedRead
        case muteTapped
    }

    /// Where the notices come from: a live stream in the app, one the test feeds in tests.
    struct NoticesClient: Sendable {
        var notices: @Sendable () -> AsyncStream<String>
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .noticeArrived(let notice):
            state.notices.append(notice)
            state.unread += 1
        case .markedRead:
            state.unread = max(0, state.unread - 1)
        case .muteTapped:
            state.isMuted = true
        }
    }

    /// The id the listener runs under, so that muting can cancel it.
    struct ListenerID: Hashable, Sendable {}

    struct NotificationsMiddleware<C: Clock<Duration>>: Middleware {
        let client: NoticesClient
        let clock: C

        /// The listener: started once, when the store starts, and owned by it.
        func start(state: GetState<State>) -> Effect<Action> {
            let notices = client.notices()
            return .run { send in
                for await notice in notices { send(.noticeArrived(notice)) }
            }
            .cancellable(id: ListenerID())
        }

        func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
            switch action {
            case .noticeArrived:
                return .run { [clock] send in
                    try? await clock.sleep(for: .seconds(1))
                    send(.markedRead)
                }
            case .muteTapped:
                return .cancel(id: ListenerID())
            case .markedRead:
                return .none
            }
        }
    }
}
