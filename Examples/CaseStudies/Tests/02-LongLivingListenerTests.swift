import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

/// The listener under an exhaustive `TestStore`: the test feeds the client's stream, receives
/// each notice as the store processes it, and ends the listener by muting — `finish()` would
/// fail if it were still running. A released production store on a `TestScheduler` shows that
/// the store's end is the listener's end.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LongLivingListenerTests {
    typealias Feature = LongLivingListener

    @Test func eachNoticeIsReceivedUntilMuted() async {
        let clock = TestClock()
        let (notices, feed) = AsyncStream.makeStream(of: String.self)
        let store = TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.NotificationsMiddleware(client: .init(notices: { notices }), clock: clock)
        )
        feed.yield("Backup finished")
        let arrived = await store.receive(.noticeArrived("Backup finished")) {
            $0.notices = ["Backup finished"]
            $0.unread = 1
        }
        #expect(
            arrived?.source.info == "Started by LongLivingListener.NotificationsMiddleware<TestClock>.start(state:)"
        )
        await clock.advance(by: .seconds(1))
        await store.receive(.markedRead) { $0.unread = 0 }

        await store.dispatch(.muteTapped) { $0.isMuted = true }
        feed.yield("Disk almost full")  // the listener was cancelled: nothing arrives
        await store.finish()
    }

    @Test func releasingTheStoreEndsTheListener() async {
        let scheduler = TestScheduler()
        let (notices, feed) = AsyncStream.makeStream(of: String.self)
        var store: Store<Feature.Action, Feature.State>? = Store(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.NotificationsMiddleware(client: .init(notices: { notices }), clock: scheduler.clock),
            scheduler: scheduler
        )
        feed.yield("Hello")
        await scheduler.run()
        #expect(store?.state.notices == ["Hello"])

        weak let released = store
        store = nil
        #expect(released == nil)
        // With its store gone, the listener's task is cancelled, and the stream it read ends.
        let afterRelease = feed.yield("Anyone there?")
        guard case .terminated = afterRelease else {
            Issue.record("The listener still reads its stream after the store was released: \(afterRelease)")
            return
        }
        await scheduler.run()
    }
}
