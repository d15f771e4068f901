import ReachabilityClient

import class Aqueduct.LockedValue

/// A test double whose paths the test pushes by hand.
///
/// Every stream started through ``client`` first receives the current path (if one was sent or given at
/// initialisation), like a real monitor reporting its initial state, then every path passed to ``send(_:)``. Unlike
/// the real adapters it does **not** de-duplicate: it delivers exactly what the test sends. ``activeStreamCount``
/// lets a test check that a consumer that stops also stops its monitor.
///
/// ```swift
/// let monitor = ManualPathMonitor(initial: .disconnected)
/// let stream = try monitor.client.paths()
/// monitor.send(NetworkPath(status: .connected, interfaceKind: .wired))
/// ```
///
/// A `final class` whose state is guarded by a `LockedValue`: `Sendable`, usable from any isolation.
public final class ManualPathMonitor: Sendable {
    private struct State {
        var current: NetworkPath?
        var nextID = 0
        var continuations: [Int: AsyncStream<NetworkPath>.Continuation] = [:]
    }

    private let state: LockedValue<State>

    /// Creates a monitor.
    ///
    /// - Parameter initial: The path new streams receive first; `nil` to deliver nothing until ``send(_:)``.
    public init(initial: NetworkPath? = nil) {
        state = LockedValue(State(current: initial))
    }

    /// A client whose streams are fed by this monitor.
    public var client: PathMonitorClient {
        PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            self.makeStream()
        }
    }

    /// The number of streams whose consumer has not stopped yet.
    public var activeStreamCount: Int {
        state.withLock { $0.continuations.count }
    }

    /// Makes `path` the current path and delivers it to every active stream.
    ///
    /// - Parameter path: The path to deliver.
    public func send(_ path: NetworkPath) {
        let continuations = state.withLock { state in
            state.current = path
            return Array(state.continuations.values)
        }
        for continuation in continuations {
            continuation.yield(path)
        }
    }

    /// Finishes every active stream, as a backend that fails would.
    public func finish() {
        let continuations = state.withLock { state in
            let continuations = Array(state.continuations.values)
            state.continuations.removeAll()
            return continuations
        }
        for continuation in continuations {
            continuation.finish()
        }
    }

    private func makeStream() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.continuations[id] = continuation
            // Yielded under the lock, so a `send` racing with this call cannot deliver its
            // newer path before this older one.
            if let current = state.current { continuation.yield(current) }
            return id
        }
        // Set outside the lock: `onTermination` takes the lock itself.
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }
}
