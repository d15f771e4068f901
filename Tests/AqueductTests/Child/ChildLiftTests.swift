import Aqueduct
import AqueductTesting
import Testing

/// The lifts into a presented child and into a stack: what the child sees, what it sends, its
/// dismissal, and the bad input each reports — with the action and its source, the state left
/// as it was, no crash.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ChildLiftTests {
    static func testStore(
        _ state: ShellState = ShellState(),
        clock: TestClock = TestClock(),
        reports: Shell.Reports = Shell.Reports()
    ) -> TestStore<ShellAction, ShellState> {
        TestStore(
            initialState: state,
            reducer: Shell.reducer,
            middleware: Shell.middleware(Shell.detailMiddleware(clock: clock), reports: reports)
        )
    }

    // MARK: - Presented child

    @Test func aPresentedChildsEffectsAreEmbeddedAndEndWhenItIsDismissed() async {
        let clock = TestClock()
        let store = Self.testStore(clock: clock)
        await store.dispatch(.present(Detail(id: 7))) { $0.detail = Detail(id: 7) }
        await store.dispatch(.detail(.presented(.load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.detail(.presented(.loaded(7)))) { $0.detail?.loaded = [7] }

        // A load in flight when the child is dismissed: cancelled with it, so the test store,
        // exhaustive, has no effect left running and no action to receive.
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.detail(.dismiss)) { $0.detail = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func aChildDismissesItselfWithoutNamingItsParent() async {
        let clock = TestClock()
        let store = Self.testStore(ShellState(detail: Detail(id: 3)), clock: clock)
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.detail(.presented(.close)))
        await store.receive(.detail(.dismiss)) { $0.detail = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func aChildPresentedAgainStartsClean() async {
        let clock = TestClock()
        let store = Self.testStore(ShellState(detail: Detail(id: 3)), clock: clock)
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.clear) { $0.detail = nil }
        await store.dispatch(.present(Detail(id: 3))) { $0.detail = Detail(id: 3) }
        await clock.advance(by: .seconds(1))  // the first load was cancelled: nothing arrives
        await store.dispatch(.detail(.presented(.load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.detail(.presented(.loaded(3)))) { $0.detail?.loaded = [3] }
        await store.finish()
    }

    @Test func anActionForAnAbsentChildIsReportedWithItsSourceAndChangesNothing() async throws {
        let reports = Shell.Reports()
        let store = Self.testStore(reports: reports)
        let line: UInt = #line + 1
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.detail(.dismiss))
        await store.finish()

        #expect(
            reports.all.map(\.action) == [
                "detail(PresentationAction<DetailAction>.presented(DetailAction.load))",
                "detail(PresentationAction<DetailAction>.dismiss)",
            ]
        )
        let report = try #require(reports.all.first)
        #expect(report.element == "presented child")
        #expect(report.source.line == line)
        #expect(
            report.description.hasPrefix("Aqueduct: dropped an action for an absent child: the presented child is nil")
        )
    }

    // MARK: - Stack

    @Test func stackEntriesGetIdsFromTheStackAndTheirEffectsEndWhenPopped() async {
        let clock = TestClock()
        let store = Self.testStore(clock: clock)
        await store.dispatch(.path(.push(Detail(id: 10)))) { $0.path.push(Detail(id: 10)) }
        await store.dispatch(.path(.push(Detail(id: 20)))) { $0.path.push(Detail(id: 20)) }
        #expect(store.state.path.ids == [StackID(0), StackID(1)])

        await store.dispatch(.path(.element(id: StackID(1), action: .load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(1), action: .loaded(20)))) {
            $0.path[id: StackID(1)]?.loaded = [20]
        }

        // Both entries load; popping to the first ends the second's load only.
        await store.dispatch(.path(.element(id: StackID(0), action: .load)))
        await store.dispatch(.path(.element(id: StackID(1), action: .load)))
        await store.dispatch(.path(.popTo(id: StackID(0)))) { $0.path.pop() }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(0), action: .loaded(10)))) {
            $0.path[id: StackID(0)]?.loaded = [10]
        }

        // A push after a pop gets a new id: nothing meant for #1 reaches it.
        await store.dispatch(.path(.push(Detail(id: 30)))) { $0.path.push(Detail(id: 30)) }
        #expect(store.state.path.ids == [StackID(0), StackID(2)])
        await store.finish()
    }

    @Test func aStackEntryDismissesItselfAndTheEntriesAboveIt() async {
        let clock = TestClock()
        var path = ChildStack<Detail>()
        for id in 1...3 { path.push(Detail(id: id)) }
        let store = Self.testStore(ShellState(path: path), clock: clock)
        await store.dispatch(.path(.element(id: StackID(2), action: .load)))
        await store.dispatch(.path(.element(id: StackID(1), action: .close)))
        await store.receive(.path(.popFrom(id: StackID(1)))) { $0.path.pop(from: StackID(1)) }
        #expect(store.state.path.ids == [StackID(0)])
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test func aStackReportsWhatItCannotFollowAndStaysAsItWas() async throws {
        let reports = Shell.Reports()
        var path = ChildStack<Detail>()
        path.push(Detail(id: 1))
        path.pop()
        let store = Self.testStore(ShellState(path: path), reports: reports)
        let source = ActionSource(file: "App/PathView.swift", function: "back()", line: 12, info: "back tapped")
        await store.dispatch(.path(.pop), from: source)
        await store.dispatch(.path(.popTo(id: StackID(5))))
        await store.dispatch(.path(.popFrom(id: StackID(0))))
        await store.dispatch(.path(.element(id: StackID(0), action: .load)))
        await store.finish()

        #expect(
            reports.all.map(\.element) == ["top of the stack", "stack entry #5", "stack entry #0", "stack entry #0"]
        )
        let first = try #require(reports.all.first)
        #expect(first.action == "path(StackAction<Detail, DetailAction>.pop)")
        #expect(first.source.file == "App/PathView.swift")
        #expect(first.source.line == 12)
        #expect(first.source.info == "back tapped")
        #expect(first.elementCount == 0)
        #expect(first.description.hasPrefix("Aqueduct: dropped an action for a pop of an empty stack"))
        #expect(reports.all[1].description.contains("no entry with id #5 among 0"))
        #expect(reports.all[3].description.contains("no element with stack entry #0 among 0"))
    }

    @Test func aTestStoreFailureNamesAStackEntryByItsId() async {
        var path = ChildStack<Detail>()
        for id in 1...3 { path.push(Detail(id: id)) }
        let store = Self.testStore(ShellState(path: path))
        await withKnownIssue {
            await store.dispatch(.path(.element(id: StackID(2), action: .loaded(5)))) {
                $0.path[id: StackID(2)]?.loaded = [6]
            }
        } matching: { issue in
            issue.isFailure && issue.description.contains("path[#2].loaded[0]: 6 → 5")
        }
        await withKnownIssue {
            await store.dispatch(.path(.pop))
        } matching: { issue in
            issue.isFailure && issue.description.contains("path[#2]: Detail(id: 3")
                && issue.description.contains("→ (none)")
        }
        await store.finish()
    }

    // MARK: - Collections

    @Test func aRowsEffectsEndWhenItIsRemovedAndARowAddedAgainStartsClean() async {
        let clock = TestClock()
        let store = Self.testStore(ShellState(rows: [Detail(id: 1), Detail(id: 2)]), clock: clock)
        await store.dispatch(.rows(id: 1, action: .load))
        await store.dispatch(.rows(id: 2, action: .load))
        await store.dispatch(.removeRow(id: 1)) { $0.rows.removeFirst() }
        await store.dispatch(.addRow(Detail(id: 1))) { $0.rows.append(Detail(id: 1)) }
        await clock.advance(by: .seconds(1))
        await store.receive(.rows(id: 2, action: .loaded(2))) { $0.rows[0].loaded = [2] }
        await store.finish()
    }

    @Test func aRowCannotDismissItself() async {
        let store = Self.testStore(ShellState(rows: [Detail(id: 1)]))
        await store.dispatch(.rows(id: 1, action: .close))
        #expect(store.state.rows.map(\.id) == [1])
        await store.finish()
    }
}

@Suite struct ChildStackTests {
    @Test func idsGrowAndAreNeverGivenTwice() {
        var stack = ChildStack(["a", "b"])
        #expect(stack.ids == [StackID(0), StackID(1)])
        let popped = stack.pop()
        #expect(popped == "b")
        let pushed = stack.push("c")
        #expect(pushed == StackID(2))
        stack.removeAll()
        #expect(stack.isEmpty)
        let again = stack.push("d")
        #expect(again == StackID(3))
        stack.pop()
        let fromEmpty = stack.pop()
        #expect(fromEmpty == nil)
        #expect(stack.isEmpty)
    }

    @Test func entriesAreFoundByIdAndPoppedToOrFromOne() {
        var stack = ChildStack<String>()
        for name in ["a", "b", "c", "d"] { stack.push(name) }
        stack.pop(from: StackID(1))
        stack.push("e")
        #expect(Array(stack) == ["a", "e"])
        #expect(stack.index(of: StackID(4)) == 1)
        #expect(stack.index(of: StackID(2)) == nil)
        #expect(stack[id: StackID(0)] == "a")
        stack[id: StackID(4)] = "E"
        stack[id: StackID(9)] = "x"
        #expect(Array(stack) == ["a", "E"])
        let toMissing = stack.pop(to: StackID(9))
        let fromMissing = stack.pop(from: StackID(9))
        #expect(!toMissing && !fromMissing)
        #expect(Array(stack) == ["a", "E"])
        let toBottom = stack.pop(to: StackID(0))
        #expect(toBottom)
        #expect(Array(stack) == ["a"])
    }

    @Test func stacksAreEqualWhenTheyHoldTheSameEntriesWithTheSameIds() {
        var pushed = ChildStack<String>()
        pushed.push("a")
        #expect(pushed == ChildStack(["a"]))
        pushed.push("b")
        pushed.pop()
        #expect(pushed == ChildStack(["a"]))
        pushed.pop()
        pushed.push("a")
        #expect(pushed != ChildStack(["a"]))
    }
}
