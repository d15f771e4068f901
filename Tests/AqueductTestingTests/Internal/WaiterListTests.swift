import Testing

@testable import AqueductTesting

/// The waiters of the test clock and the test scheduler: handed over oldest first, and a
/// cancellation ends a wait whether it comes before, while or after the waiter is registered.
@Suite struct WaiterListTests {
    @Test func waitersAreHandedOverOldestFirst() {
        var list = WaiterList<String>()
        for name in ["c", "a", "d", "b"] {
            #expect(list.register(list.makeID(), isDue: false, name) == .waiting)
        }
        #expect(Array(list) == ["c", "a", "d", "b"])
        #expect(list.removeAll { $0 < "c" } == ["a", "b"])
        #expect(Array(list) == ["c", "d"])
        #expect(list.removeAll() == ["c", "d"])
        #expect(list.count == 0)
    }

    @Test func aWaitThatIsDueIsNotRegistered() {
        var list = WaiterList<String>()
        #expect(list.register(list.makeID(), isDue: true, "due") == .due)
        #expect(list.count == 0)
    }

    @Test func aWaitCancelledBeforeItRegistersEndsAsItRegisters() {
        var list = WaiterList<String>()
        let id = list.makeID()
        #expect(list.remove(id, becauseOfCancellation: true) == nil)
        #expect(list.register(id, isDue: false, "cancelled") == .cancelled)
        #expect(list.count == 0)
    }

    @Test func aWaitThatRunsOutBeforeItRegistersStillWaits() {
        var list = WaiterList<String>()
        let id = list.makeID()
        #expect(list.remove(id, becauseOfCancellation: false) == nil)
        #expect(list.register(id, isDue: false, "waiting") == .waiting)
        #expect(list.count == 1)
    }

    @Test func aRegisteredWaiterIsRemovedOnceAndUpdatedOnlyWhileRegistered() {
        var list = WaiterList<String>()
        let first = list.makeID()
        let second = list.makeID()
        _ = list.register(first, isDue: false, "first")
        _ = list.register(second, isDue: false, "second")
        #expect(list.update(second) { $0 += " updated" })
        #expect(list.remove(first, becauseOfCancellation: true) == "first")
        #expect(list.remove(first, becauseOfCancellation: true) == nil)
        #expect(list.removeAll() == ["second updated"])
        #expect(!list.update(second) { $0 += " again" })
        #expect(list.remove(second, becauseOfCancellation: true) == nil)  // handed over: nothing to do
    }
}
