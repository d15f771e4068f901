import Synchronization

/// A value behind a lock, shared by reference between the tester and the tasks and
/// dispatchers it hands out (a `Mutex` alone cannot be captured: it is not copyable).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}
