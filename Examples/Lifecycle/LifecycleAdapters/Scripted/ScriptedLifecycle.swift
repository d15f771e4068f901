import LifecycleClient

import class Aqueduct.LockedValue

/// A ``LifecycleClient`` adapter for tests and previews: it plays a fixed script of events and
/// records every acknowledgement.
///
/// With `pausesForAcknowledgement` (the default), it behaves like the real adapters: after an
/// event that ``LifecycleEvent/requiresAcknowledgement`` it plays nothing more until that
/// event is acknowledged — so a test shows that a middleware acknowledges, and that it does so
/// after the store processed the event. Without it, the whole script is buffered at once.
/// The stream finishes after the last event (and its acknowledgement, when pausing), unless
/// `finishesAfterScript` is `false`; then ``send(_:)`` adds events and ``finish()`` ends it.
///
/// ```swift
/// let scripted = ScriptedLifecycle([.didBecomeActive, .didEnterBackground, .willTerminate])
/// let client = scripted.client
/// for await event in client.events() {
///     client.acknowledge(event)
/// }
/// #expect(scripted.acknowledgements == [.didBecomeActive, .didEnterBackground, .willTerminate])
/// ```
///
/// A `Sendable` class: its state is behind a `LockedValue`; use it from any isolation. One stream at a
/// time: a second ``LifecycleClient/events`` call finishes the first stream and plays the
/// remaining script to the new one.
public final class ScriptedLifecycle: Sendable {
    private struct State {
        var remaining: [LifecycleEvent]
        var awaiting: LifecycleEvent?
        var continuation: AsyncStream<LifecycleEvent>.Continuation?
        var acknowledgements: [LifecycleEvent] = []
        var played: [LifecycleEvent] = []
        var waiters: [Int: (count: Int, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextWaiter = 0
    }

    private let pausesForAcknowledgement: Bool
    private let finishesAfterScript: Bool
    private let state: LockedValue<State>

    /// Creates a scripted lifecycle.
    ///
    /// - Parameters:
    ///   - script: The events to play, in order.
    ///   - pausesForAcknowledgement: Wait for the acknowledgement of each event that requires one
    ///     before playing the next.
    ///   - finishesAfterScript: Finish the stream once the script is played.
    public init(
        _ script: [LifecycleEvent],
        pausesForAcknowledgement: Bool = true,
        finishesAfterScript: Bool = true
    ) {
        self.pausesForAcknowledgement = pausesForAcknowledgement
        self.finishesAfterScript = finishesAfterScript
        self.state = LockedValue(State(remaining: script))
    }

    /// A client that plays this script and records acknowledgements here.
    public var client: LifecycleClient {
        LifecycleClient(
            events: { self.events() },
            acknowledge: { self.acknowledge($0) }
        )
    }

    /// The acknowledgements received so far, in order.
    public var acknowledgements: [LifecycleEvent] {
        state.withLock { $0.acknowledgements }
    }

    /// Waits until `count` acknowledgements have arrived, and returns them all.
    ///
    /// Acknowledgements come from a consumer's own tasks (a middleware acknowledges after its
    /// store's cascade), so a test awaits them here instead of polling. A cancelled wait returns
    /// what arrived so far.
    ///
    /// ```swift
    /// #expect(await scripted.acknowledgements(count: 1) == [.didEnterBackground])
    /// ```
    ///
    /// - Parameter count: How many to wait for.
    /// - Returns: The acknowledgements received so far, in order.
    public func acknowledgements(count: Int) async -> [LifecycleEvent] {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let isReady = state.withLock { state in
                    if state.acknowledgements.count >= count || Task.isCancelled { return true }
                    state.waiters[id] = (count, continuation)
                    return false
                }
                if isReady { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
        }
        return acknowledgements
    }

    /// The events delivered to a stream so far, in order.
    public var played: [LifecycleEvent] {
        state.withLock { $0.played }
    }

    /// Appends an event to the script and plays it as soon as the script allows.
    ///
    /// - Parameter event: The event to play after the rest of the script.
    public func send(_ event: LifecycleEvent) {
        state.withLock { state in
            state.remaining.append(event)
            play(&state)
        }
    }

    /// Finishes the current stream, whatever remains of the script.
    public func finish() {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.finish()
    }

    private func events() -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        let previous = state.withLock { state in
            defer {
                state.continuation = continuation
                play(&state)
            }
            return state.continuation
        }
        previous?.finish()
        return stream
    }

    private func acknowledge(_ event: LifecycleEvent) {
        let satisfied = state.withLock { state in
            state.acknowledgements.append(event)
            if state.awaiting == event {
                state.awaiting = nil
                play(&state)
            }
            let ready = state.waiters.filter { $0.value.count <= state.acknowledgements.count }
            for id in ready.keys { state.waiters[id] = nil }
            return ready.values.map(\.continuation)
        }
        for continuation in satisfied { continuation.resume() }
    }

    /// Under the lock: yields what the script allows now; finishes when it is done.
    private func play(_ state: inout State) {
        guard let continuation = state.continuation else { return }
        while state.awaiting == nil, !state.remaining.isEmpty {
            let event = state.remaining.removeFirst()
            state.played.append(event)
            continuation.yield(event)
            if pausesForAcknowledgement, event.requiresAcknowledgement {
                state.awaiting = event
            }
        }
        if finishesAfterScript, state.awaiting == nil, state.remaining.isEmpty {
            continuation.finish()
            state.continuation = nil
        }
    }
}
