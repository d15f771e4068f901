import Aqueduct
import AqueductTesting
import Testing

/// The time limit is a failure bound only: a stream that failed to deliver a value would
/// otherwise leave its consumer waiting forever. Nothing here measures time.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct StateStreamTests {
    @Test func valuesDeliverTheCurrentValueFirst() async throws {
        let store = makeFeatureStore(FeatureState(count: 7))
        let stream = store.values(of: \.count, .removingDuplicates)
        // Buffered when the stream is made: checked first, so that a stream without it fails
        // here instead of waiting below.
        try #require(stream.bufferedCount == 1)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 7)
    }

    @Test func valuesOfTheWholeStateDeliverTheCurrentStateFirst() async throws {
        let store = Store(initialState: 3, reducer: counterReducer)
        let stream = store.values(of: \.self, .removingDuplicates)
        try #require(stream.bufferedCount == 1)
        var states = stream.makeAsyncIterator()
        #expect(await states.next() == 3)
        store.dispatch(.increment)
        #expect(await states.next() == 4)
    }

    @Test func valuesSkipActionsThatLeaveTheValueEqual() async {
        let store = makeFeatureStore()
        let stream = store.values(of: \.count, .removingDuplicates)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 0)
        store.dispatch(.profile(.rename("Grace")))
        store.dispatch(.counter(.set(0)))
        #expect(stream.bufferedCount == 0)
        store.dispatch(.counter(.increment))
        #expect(stream.bufferedCount == 1)
        #expect(await values.next() == 1)
    }

    /// Values whose bytes say nothing about equality (a `String`, an array, a struct over 8
    /// bytes): only `==` can tell that an action left them as they were.
    struct Document: Equatable, Sendable {
        struct Span: Equatable, Sendable {
            var start = 0
            var end = 0
        }
        var title = "Untitled"
        var tags: [String] = []
        var selection = Span()
        var revision = 0
    }

    enum DocumentAction: Sendable {
        case title(String)
        case tags([String])
        case select(Int, Int)
        case save
    }

    static func makeDocumentStore() -> Store<DocumentAction, Document> {
        Store(
            initialState: Document(),
            reducer: .reduce { action, document in
                switch action {
                case .title(let title): document.title = title
                case .tags(let tags): document.tags = tags
                case .select(let start, let end): document.selection = .init(start: start, end: end)
                case .save: document.revision += 1
                }
            }
        )
    }

    @Test func valuesOfAStringAnArrayAndALargeStructSkipEqualValues() async {
        let store = Self.makeDocumentStore()
        let titles = store.values(of: \.title, .removingDuplicates)
        let tags = store.values(of: \.tags, .removingDuplicates)
        let selections = store.values(of: \.selection, .removingDuplicates)
        var titleValues = titles.makeAsyncIterator()
        var tagValues = tags.makeAsyncIterator()
        var selectionValues = selections.makeAsyncIterator()
        #expect(await titleValues.next() == "Untitled")
        #expect(await tagValues.next() == [])
        #expect(await selectionValues.next() == .init())
        // Equal values, and a change elsewhere in the state.
        store.dispatch(.title("Untitled"))
        store.dispatch(.tags([]))
        store.dispatch(.select(0, 0))
        store.dispatch(.save)
        #expect(titles.bufferedCount == 0)
        #expect(tags.bufferedCount == 0)
        #expect(selections.bufferedCount == 0)
        store.dispatch(.title("Draft"))
        store.dispatch(.tags(["swift"]))
        store.dispatch(.select(2, 5))
        #expect(await titleValues.next() == "Draft")
        #expect(await tagValues.next() == ["swift"])
        #expect(await selectionValues.next() == .init(start: 2, end: 5))
        store.dispatch(.tags(["swift"]))
        store.dispatch(.select(2, 5))
        #expect(tags.bufferedCount == 0)
        #expect(selections.bufferedCount == 0)
    }

    @Test func valuesKeepingDuplicatesArriveAfterEveryActionEvenWhenEqual() async {
        let store = makeFeatureStore()
        let stream = store.values(of: \.count, .keepingDuplicates)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 0)
        store.dispatch(.profile(.rename("Grace")))  // count unchanged: still delivered
        #expect(stream.bufferedCount == 1)
        #expect(await values.next() == 0)
    }

    @Test func valuesOfAnEquatableStateSkipEqualStates() async {
        let store = Store(initialState: 5, reducer: counterReducer)
        let stream = store.values(of: \.self, .removingDuplicates)
        var states = stream.makeAsyncIterator()
        #expect(await states.next() == 5)
        store.dispatch(.set(5))
        #expect(stream.bufferedCount == 0)
        store.dispatch(.set(6))
        #expect(await states.next() == 6)
    }

    @Test func valuesThatAreNotEquatableArriveAfterEveryAction() async {
        let store = makeFeatureStore()
        let snapshots = store.values(of: \.snapshot, .keepingDuplicates)
        var values = snapshots.makeAsyncIterator()
        #expect(await values.next()?.count == 0)
        store.dispatch(.profile(.rename("Grace")))  // count unchanged: still delivered
        #expect(snapshots.bufferedCount == 1)
        #expect(await values.next()?.count == 0)
        store.dispatch(.counter(.increment))
        #expect(await values.next()?.count == 1)
    }

    @Test func aSlowConsumerSeesOnlyTheLatestValueAndTheBufferStaysBounded() async {
        let store = makeFeatureStore()
        let stream = store.values(of: \.count, .removingDuplicates)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 0)
        // The consumer is busy (not calling next) while 10,000 actions are processed.
        var largestBuffer = 0
        for _ in 0..<10_000 {
            store.dispatch(.counter(.increment))
            largestBuffer = max(largestBuffer, stream.bufferedCount)
        }
        #expect(largestBuffer <= 1)
        #expect(stream.overwrittenCount == 9_999)
        #expect(await values.next() == 10_000)
        #expect(stream.bufferedCount == 0)
    }

    @Test func aConsumerInAnotherTaskReceivesTheChanges() async {
        let store = makeFeatureStore()
        let stream = store.values(of: \.count, .removingDuplicates)
        let scheduler = TestScheduler()
        let consumer = scheduler.task { () -> [Int] in
            var seen: [Int] = []
            for await count in stream {
                seen.append(count)
                if count == 3 { break }
            }
            return seen
        }
        // Each step waits until the consumer has taken the value and waits for the next one.
        for _ in 0..<3 {
            await scheduler.run()
            #expect(stream.bufferedCount == 0)
            store.dispatch(.counter(.increment))
        }
        await scheduler.run()
        #expect(await consumer.value == [0, 1, 2, 3])
    }

    @Test func releasingTheStreamStopsTheObservation() {
        let store = makeFeatureStore()
        var stream: StateStream<Int>? = store.values(of: \.count, .removingDuplicates)
        #expect(store.observedPathCount == 1)
        stream = nil
        store.dispatch(.counter(.increment))
        #expect(store.observedPathCount == 0)
        #expect(stream == nil)
    }

    @Test func cancellingTheConsumerEndsTheStreamAndStopsTheObservation() async {
        let store = makeFeatureStore()
        let stream = store.values(of: \.count, .removingDuplicates)
        let scheduler = TestScheduler()
        let consumer = scheduler.task { () -> Int in
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        await scheduler.run()
        #expect(stream.bufferedCount == 0)  // it took the current value and waits for the next
        consumer.cancel()
        await scheduler.run()
        #expect(await consumer.value == 1)
        store.dispatch(.counter(.increment))
        #expect(store.observedPathCount == 0)
    }

    @Test func releasingTheStoreEndsTheStream() async {
        var store: Store<FeatureAction, FeatureState>? = makeFeatureStore()
        let stream = store!.values(of: \.count, .removingDuplicates)
        var values = stream.makeAsyncIterator()
        #expect(await values.next() == 0)
        store = nil
        #expect(await values.next() == nil)
    }
}

/// A value that is not `Equatable`.
struct Snapshot: Sendable {
    let count: Int
}

extension FeatureState {
    var snapshot: Snapshot { Snapshot(count: count) }
}
