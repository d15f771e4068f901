import Aqueduct
import AqueductTesting
import Testing

// The fixtures live at module level so that their descriptions read as logs show them
// (`row(id: 7, action: RowAction.save)`).

struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

enum RowAction: CaseAccessible, Sendable, Equatable {
    case toggle
    case save
    case saved(title: String)
    /// The list's reducer removes the row.
    case close
    /// The list's reducer inserts a copy of the row at the front.
    case duplicate
    case start(String)
    case startLatest(String)
    case stop
    case archive
}

enum RowListAction: CaseAccessible, Sendable, Equatable {
    case row(id: Int, action: RowAction)
    case rowAt(index: Int, action: RowAction)
    case remove(id: Int)
}

struct RowListState: Equatable, Sendable {
    var rows = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
}

@MainActor
@Suite(.timeLimit(.minutes(3))) struct CollectionMiddlewareTests {
    static let rowReducer = Reducer<RowAction, Row>.reduce { action, row in
        switch action {
        case .toggle: row.isDone.toggle()
        case .saved(let title): row.title = title
        default: break
        }
    }

    static let listReducer: Reducer<RowListAction, RowListState> =
        rowReducer.lift(action: \RowListAction.Cases.row, elements: \RowListState.rows)
        <> rowReducer.lift(action: \RowListAction.Cases.rowAt, elements: \RowListState.rows)
        <> .reduce { action, state in
            func index(of action: RowListAction) -> Int? {
                switch action {
                case .row(let id, _): return state.rows.firstIndex { $0.id == id }
                case .rowAt(let index, _): return state.rows.indices.contains(index) ? index : nil
                case .remove: return nil
                }
            }
            switch action {
            case .remove(let id):
                state.rows.removeAll { $0.id == id }
            case .row(_, .close), .rowAt(_, .close):
                if let index = index(of: action) { state.rows.remove(at: index) }
            case .row(_, .duplicate), .rowAt(_, .duplicate):
                guard let index = index(of: action) else { break }
                let row = state.rows[index]
                state.rows.insert(Row(id: row.id + 100, title: "copy of \(row.title)"), at: 0)
            default:
                break
            }
        }

    /// The reports a lifted middleware made, in order.
    @MainActor
    final class Reports {
        var all: [DroppedElementAction] = []
        var handler: @MainActor @Sendable (DroppedElementAction) -> Void { { self.all.append($0) } }
    }

    /// A row middleware that records each action it sees with the title its getter reads before
    /// the reducer, and on `.save`, `.close` and `.duplicate` sends `.saved` with the title its
    /// getter reads after the reducer.
    static func savingRows(log: EventLog) -> TestMiddleware<RowAction, Row> {
        TestMiddleware { action, _, row in
            log.record("\(action) on \(row().title)")
            switch action {
            case .save, .close, .duplicate:
                return .immediate { send in send(.saved(title: row().title + "!")) }
            default:
                return .none
            }
        }
    }

    static func store(
        _ middleware: some Middleware<RowListAction, RowListAction, RowListState>,
        recorder: Recorder<RowListAction, RowListState>,
        scheduler: TestScheduler? = nil
    ) -> Store<RowListAction, RowListState> {
        guard let scheduler else {
            return Store(
                initialState: RowListState(),
                reducer: listReducer,
                middleware: recorder.middleware <> middleware
            )
        }
        return Store(
            initialState: RowListState(),
            reducer: listReducer,
            middleware: recorder.middleware <> middleware,
            scheduler: scheduler
        )
    }

    /// `middleware` lifted into the list's rows by id, reporting dropped actions to `reports`.
    static func byID(
        _ middleware: some Middleware<RowAction, RowAction, Row>,
        reports: Reports = Reports()
    ) -> some Middleware<RowListAction, RowListAction, RowListState> {
        middleware.lift(
            action: \RowListAction.Cases.row,
            elements: \RowListState.rows,
            onDroppedAction: reports.handler
        )
    }

    /// `middleware` lifted into the list's rows by index, reporting dropped actions to `reports`.
    static func byIndex(
        _ middleware: some Middleware<RowAction, RowAction, Row>,
        reports: Reports = Reports()
    ) -> some Middleware<RowListAction, RowListAction, RowListState> {
        middleware.lift(
            action: \RowListAction.Cases.rowAt,
            elements: \RowListState.rows,
            onDroppedAction: reports.handler
        )
    }

    // MARK: - By id

    @Test func theElementsMiddlewareSeesItsActionAndReadsItsElementAfterTheReducer() {
        var seen: [(before: Bool, after: Bool)] = []
        let rows = TestMiddleware<RowAction, Row> { action, _, row in
            let before = row().isDone
            return .immediate { _ in seen.append((before, row().isDone)) }
        }
        let store = Self.store(Self.byID(rows), recorder: Recorder())
        store.dispatch(.row(id: 2, action: .toggle))
        store.dispatch(.remove(id: 5))  // not an element action: the row middleware is not called
        #expect(seen.map(\.before) == [false])
        #expect(seen.map(\.after) == [true])
        #expect(store.state.rows.map(\.isDone) == [false, true])
    }

    @Test func sentActionsAreEmbeddedWithTheElementsIdAndKeepTheSource() throws {
        let log = EventLog()
        let recorder = Recorder<RowListAction, RowListState>()
        let store = Self.store(Self.byID(Self.savingRows(log: log)), recorder: recorder)
        let line: UInt = #line + 1
        store.dispatch(.row(id: 2, action: .save))

        #expect(recorder.actions == [.row(id: 2, action: .save), .row(id: 2, action: .saved(title: "b!"))])
        #expect(log.all == ["save on b", "saved(title: \"b!\") on b"])
        #expect(store.state.rows.map(\.title) == ["a", "b!"])
        let sent = try #require(recorder.entries.last)
        #expect(sent.source.file == "AqueductTests/CollectionMiddlewareTests.swift")
        #expect(sent.source.line == line)
        #expect(sent.source.info == "Sent by an effect of row(id: 2, action: RowAction.save)")
    }

    @Test func anActionForAMissingIdIsDroppedAndReported() throws {
        let log = EventLog()
        let reports = Reports()
        let liftLine: UInt = #line + 2
        let rows = Self.savingRows(log: log)
            .lift(
                action: \RowListAction.Cases.row,
                elements: \RowListState.rows,
                onDroppedAction: reports.handler
            )
        let recorder = Recorder<RowListAction, RowListState>()
        let store = Self.store(rows, recorder: recorder)
        let line: UInt = #line + 1
        store.dispatch(.row(id: 7, action: .save), info: "tapped")

        #expect(log.all.isEmpty)
        // The store still processes the action; only the element's middleware does not see it.
        #expect(recorder.actions == [.row(id: 7, action: .save)])
        #expect(store.state == RowListState())
        let report = try #require(reports.all.first)
        #expect(reports.all.count == 1)
        #expect(report.action == "row(id: 7, action: RowAction.save)")
        #expect(report.element == "id 7")
        #expect(report.elementCount == 2)
        #expect(report.liftedAt == "AqueductTests/CollectionMiddlewareTests.swift:\(liftLine)")
        #expect(report.source.line == line)
        #expect(report.source.info == "tapped")
        #expect(
            report.description == """
                Aqueduct: dropped an action for a missing element: no element with id 7 among 2; the middleware \
                lifted at AqueductTests/CollectionMiddlewareTests.swift:\(liftLine) did not see it.
                Action: row(id: 7, action: RowAction.save)
                Sent from: AqueductTests/CollectionMiddlewareTests.swift:\(line) in \
                anActionForAMissingIdIsDroppedAndReported()
                tapped
                """
        )
    }

    @Test func anElementTheReducerRemovesIsReadAsLastSeenAndWhatItsEffectSendsIsDropped() {
        let log = EventLog()
        let reports = Reports()
        let closing = TestMiddleware<RowAction, Row> { action, _, row in
            guard action == .close else { return .none }
            return .immediate { send in
                log.record("after the reducer: \(row().title)")
                send(.saved(title: row().title + "!"))
            }
        }
        let recorder = Recorder<RowListAction, RowListState>()
        let store = Self.store(Self.byID(closing, reports: reports), recorder: recorder)
        store.dispatch(.row(id: 1, action: .close))

        // The effect ran after the reducer had removed row 1: it read the row as last seen. The
        // removal then ended the row's effects: what it sent is not processed, nor reported.
        #expect(log.all == ["after the reducer: a"])
        #expect(recorder.actions == [.row(id: 1, action: .close)])
        #expect(store.state.rows == [Row(id: 2, title: "b")])
        #expect(reports.all.isEmpty)
    }

    @Test func anElementRemovedWhileItsAsyncEffectRunsHasTheEffectCancelled() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let log = EventLog()
        let reports = Reports()
        let rows = TestMiddleware<RowAction, Row> { action, _, _ in
            log.record("\(action)")
            guard action == .save else { return .none }
            return .run { send in
                for await _ in gate { break }
                log.record(Task.isCancelled ? "cancelled" : "not cancelled")
                send(.saved(title: "late"))
            }
        }
        let recorder = Recorder<RowListAction, RowListState>()
        let scheduler = TestScheduler()
        let store = Self.store(Self.byID(rows, reports: reports), recorder: recorder, scheduler: scheduler)
        store.dispatch(.row(id: 2, action: .save))
        store.dispatch(.remove(id: 2))
        open.yield()
        await scheduler.run()

        #expect(log.all == ["save", "cancelled"])
        #expect(recorder.actions == [.row(id: 2, action: .save), .remove(id: 2)])
        #expect(store.state.rows == [Row(id: 1, title: "a")])
        #expect(reports.all.isEmpty)
    }

    // MARK: - By index

    @Test func anIndexAddressesAPositionWhereAnIdFollowsItsElement() {
        // `.duplicate` makes the reducer insert a copy at the front: afterwards, index 0 holds the
        // copy, while id 1 still names the original row.
        let idRecorder = Recorder<RowListAction, RowListState>()
        let idStore = Self.store(Self.byID(Self.savingRows(log: EventLog())), recorder: idRecorder)
        idStore.dispatch(.row(id: 1, action: .duplicate))
        #expect(idRecorder.actions == [.row(id: 1, action: .duplicate), .row(id: 1, action: .saved(title: "a!"))])
        #expect(idStore.state.rows.map(\.title) == ["copy of a", "a!", "b"])

        let byIndex = EventLog()
        let indexRecorder = Recorder<RowListAction, RowListState>()
        let indexStore = Self.store(Self.byIndex(Self.savingRows(log: byIndex)), recorder: indexRecorder)
        indexStore.dispatch(.rowAt(index: 0, action: .duplicate))
        #expect(
            indexRecorder.actions == [
                .rowAt(index: 0, action: .duplicate), .rowAt(index: 0, action: .saved(title: "copy of a!")),
            ]
        )
        #expect(indexStore.state.rows.map(\.title) == ["copy of a!", "a", "b"])
        #expect(byIndex.all == ["duplicate on a", "saved(title: \"copy of a!\") on copy of a"])
    }

    @Test(arguments: [2, -1])
    func anIndexOutsideTheArrayIsDroppedAndReported(index: Int) throws {
        let log = EventLog()
        let reports = Reports()
        let store = Self.store(Self.byIndex(Self.savingRows(log: log), reports: reports), recorder: Recorder())
        store.dispatch(.rowAt(index: index, action: .save))
        store.dispatch(.rowAt(index: 1, action: .save))
        #expect(log.all == ["save on b", "saved(title: \"b!\") on b"])
        let report = try #require(reports.all.first)
        #expect(reports.all.count == 1)
        #expect(report.element == "index \(index)")
        #expect(report.elementCount == 2)
    }

    @Test func anIndexTheArrayNoLongerHoldsHasItsEffectsEnded() {
        let reports = Reports()
        let recorder = Recorder<RowListAction, RowListState>()
        let store = Self.store(Self.byIndex(Self.savingRows(log: EventLog()), reports: reports), recorder: recorder)
        // Removing the row at index 0 leaves index 0 in the array: its effect's action arrives,
        // for the row now there.
        store.dispatch(.rowAt(index: 0, action: .close))
        #expect(recorder.actions == [.rowAt(index: 0, action: .close), .rowAt(index: 0, action: .saved(title: "b!"))])
        // Removing the last row takes index 0 out of the array: its effects end.
        store.dispatch(.rowAt(index: 0, action: .close))
        #expect(recorder.actions.count == 3)
        #expect(store.state.rows.isEmpty)
        #expect(reports.all.isEmpty)
    }

    // MARK: - Effects

    /// A row middleware whose effects wait until cancelled, under the identifier `"work"`.
    static func working(log: EventLog) -> TestMiddleware<RowAction, Row> {
        TestMiddleware { action, _, _ in
            func waiting(_ name: String) -> Effect<RowAction> {
                .run { _ in
                    log.record("\(name) started")
                    let never = AsyncStream<Int> { _ in }
                    for await _ in never {}
                    log.record("\(name) cancelled")
                }
            }
            switch action {
            case .start(let name): return waiting(name).cancellable(id: "work")
            case .startLatest(let name): return waiting(name).cancellable(id: "work", cancelInFlight: true)
            case .stop: return .cancel(id: "work")
            default: return .none
            }
        }
    }

    @Test func anElementCancelsItsOwnEffectsOnly() async {
        let log = EventLog()
        let scheduler = TestScheduler()
        let store = Self.store(Self.byID(Self.working(log: log)), recorder: Recorder(), scheduler: scheduler)
        store.dispatch(.row(id: 1, action: .start("one")))
        store.dispatch(.row(id: 2, action: .start("two")))
        await scheduler.run()
        #expect(log.all == ["one started", "two started"])
        store.dispatch(.row(id: 1, action: .stop))
        await scheduler.run()
        #expect(log.all == ["one started", "two started", "one cancelled"])
        #expect(store.runningEffects == ["row(id: 2, action: RowAction.start(\"two\"))"])
        store.dispatch(.row(id: 2, action: .stop))
        await scheduler.run()
        #expect(log.all.last == "two cancelled")
        #expect(store.runningEffects.isEmpty)
    }

    @Test func cancelInFlightReplacesTheSameElementsEffectOnly() async {
        let log = EventLog()
        let scheduler = TestScheduler()
        let store = Self.store(Self.byIndex(Self.working(log: log)), recorder: Recorder(), scheduler: scheduler)
        store.dispatch(.rowAt(index: 0, action: .startLatest("first")))
        store.dispatch(.rowAt(index: 1, action: .startLatest("other")))
        await scheduler.run()
        #expect(log.all == ["first started", "other started"])
        store.dispatch(.rowAt(index: 0, action: .startLatest("second")))
        await scheduler.run()
        // Jobs run one at a time, in the order they were queued: the cancelled one's unwinding
        // was queued (by the cancellation) before the new one's start.
        #expect(log.all == ["first started", "other started", "first cancelled", "second started"])
    }

    // MARK: - Bridges

    @Test func aLiftedBridgeMiddlewareBridgesWithinItsElementAndReadsItAfterTheReducer() throws {
        let bridgeLine: UInt = #line + 2
        let bridges = BridgeMiddleware<RowAction, Row>()
            .bridge(\.toggle --> RowAction.save, when: \.isDone)
            .bridge(\.saved --> { _, row in row.title.hasSuffix("!") ? .archive : nil })
        let recorder = Recorder<RowListAction, RowListState>()
        let rows = Self.byID(Self.savingRows(log: EventLog())) <> Self.byID(bridges)
        let store = Self.store(rows, recorder: recorder)
        let line: UInt = #line + 1
        store.dispatch(.row(id: 2, action: .toggle))  // the row is done after the reducer: the filter passes
        store.dispatch(.row(id: 2, action: .toggle))  // not done any more: nothing is bridged

        #expect(
            recorder.actions == [
                .row(id: 2, action: .toggle), .row(id: 2, action: .save), .row(id: 2, action: .saved(title: "b!")),
                .row(id: 2, action: .archive),
                .row(id: 2, action: .toggle),
            ]
        )
        let save = try #require(recorder.entries.dropFirst().first)
        #expect(save.source.line == line)
        let function = "aLiftedBridgeMiddlewareBridgesWithinItsElementAndReadsItAfterTheReducer()"
        #expect(
            save.source.info
                == "Bridged from toggle at CollectionMiddlewareTests.swift, \(function):\(bridgeLine)"
        )
        let archive = try #require(recorder.entries.dropFirst(3).first)
        #expect(archive.source.line == line)
        #expect(
            archive.source.info == """
                Bridged from toggle at CollectionMiddlewareTests.swift, \(function):\(bridgeLine)
                Sent by an effect of row(id: 2, action: RowAction.save)
                Bridged from saved(title: "b!") at CollectionMiddlewareTests.swift, \(function):\(bridgeLine + 1)
                """
        )
    }

    // MARK: - Laws and lifetime

    @Test func liftingThenComposingEqualsComposingThenLifting() {
        func run(_ middleware: some Middleware<RowListAction, RowListAction, RowListState>) -> [RowListAction] {
            let recorder = Recorder<RowListAction, RowListState>()
            let store = Self.store(middleware, recorder: recorder)
            store.dispatch(.row(id: 1, action: .save))
            store.dispatch(.row(id: 2, action: .close))  // removes row 2: its `.saved` is cancelled
            return recorder.actions
        }
        let (logA, reportsA) = (EventLog(), Reports())
        let (logB, reportsB) = (EventLog(), Reports())
        let composedThenLifted = Self.byID(Self.savingRows(log: logA) <> Self.savingRows(log: logA), reports: reportsA)
        let liftedThenComposed =
            Self.byID(Self.savingRows(log: logB), reports: reportsB)
            <> Self.byID(Self.savingRows(log: logB), reports: reportsB)
        #expect(run(composedThenLifted) == run(liftedThenComposed))
        #expect(logA.all == logB.all)
        #expect(logA.all.prefix(2) == ["save on a", "save on a"])
        // Both savers send `.saved` for the closed row, and the row's removal cancels both, either
        // way: nothing reaches a lifted middleware to report.
        #expect(run(composedThenLifted).count == 4)  // save, two saved, close
        #expect(reportsA.all.isEmpty)
        #expect(reportsB.all.isEmpty)
    }

    @Test func theElementMiddlewaresStartHookIsNotCalled() {
        var started = 0
        let rows = TestMiddleware<RowAction, Row>(onHandle: { _, _, _ in .none }, onStart: { _ in started += 1 })
        let store = Self.store(Self.byID(rows), recorder: Recorder())
        store.dispatch(.row(id: 1, action: .toggle))
        #expect(started == 0)
    }
}
