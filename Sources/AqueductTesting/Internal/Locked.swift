import Aqueduct

/// A value behind a lock, shared by reference between the tester and the tasks and
/// dispatchers it hands out. The core's pthread-based lock, which ThreadSanitizer understands
/// (`Synchronization.Mutex` is invisible to it on Linux).
typealias Locked<Value: Sendable> = LockedValue<Value>
