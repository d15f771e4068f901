/// The throttled ids of an engine: for each, when it last let an effect through and which
/// effect waits for the end of its interval. A pure value behind ``LockedEngineStorage``'s lock, so
/// that two stores never throttle each other and releasing a store forgets its throttles.
///
/// The effect that waits is a concatenation the engine started (a sleep until the end of the
/// interval, then the effect); the registry tells this machine when it ends — cancelled, or
/// returned — with ``waitingEffectEnded(_:)``, and the concatenation itself when it is let
/// through, with ``letThrough(_:at:)``.
@usableFromInline
internal struct ThrottleStateMachine: Sendable {
    /// What the engine knows of one throttled id.
    internal enum Record: Sendable {
        /// An effect was let through at `lastStart` (an instant of `timing`'s clock); none
        /// waits.
        case idle(lastStart: any Sendable, timing: ThrottleTiming)
        /// The effect `token` waits for the end of the interval that began at `lastStart`.
        case waiting(lastStart: any Sendable, timing: ThrottleTiming, token: Int)

        var lastStart: any Sendable {
            switch self {
            case .idle(let lastStart, _), .waiting(let lastStart, _, _): lastStart
            }
        }

        var timing: ThrottleTiming {
            switch self {
            case .idle(_, let timing), .waiting(_, let timing, _): timing
            }
        }
    }

    internal private(set) var records: [EffectID: Record] = [:]

    internal init() {}

    /// Whether no id is throttled.
    internal var isEmpty: Bool { records.isEmpty }

    /// What to do with an effect throttled under an id.
    internal enum ArrivalAction {
        /// Run it now: its interval starts now.
        case run
        /// Start it waiting for the end of the interval that began at `lastStart`, then report
        /// its token with ``scheduled(_:token:)``; cancel the effect `replacing` first, if any.
        case wait(lastStart: any Sendable, replacing: Int?)
        /// Drop it: the first effect of the interval already waits.
        case drop
    }

    /// An effect throttled under `id` arrives at `now` (an instant of `timing`'s clock).
    ///
    /// Also forgets the ids of the same clock whose interval is over with nothing waiting.
    ///
    /// - Complexity: O(*n*) in the number of ids remembered.
    internal mutating func arrive(
        _ id: EffectID,
        at now: any Sendable,
        timing: ThrottleTiming,
        latest: Bool
    ) -> ArrivalAction {
        let over = records.compactMap { other, record -> EffectID? in
            guard other != id, case .idle(let lastStart, let timing) = record else { return nil }
            return timing.isWithinInterval(lastStart, now) == false ? other : nil
        }
        for other in over { records[other] = nil }
        switch records[id] {
        case .waiting(let lastStart, _, let token):
            guard latest else { return .drop }
            return .wait(lastStart: lastStart, replacing: token)
        case .idle(let lastStart, _) where timing.isWithinInterval(lastStart, now) == true:
            return .wait(lastStart: lastStart, replacing: nil)
        case .idle, nil:
            records[id] = .idle(lastStart: now, timing: timing)
            return .run
        }
    }

    /// The effect that waits under `id` started, with `token`.
    internal mutating func scheduled(_ id: EffectID, token: Int) {
        guard let record = records[id] else {
            preconditionFailure("ThrottleStateMachine: an effect scheduled under \(id), which is not throttled")
        }
        records[id] = .waiting(lastStart: record.lastStart, timing: record.timing, token: token)
    }

    /// The effect waiting under `id` was let through at `now`: a new interval starts.
    internal mutating func letThrough(_ id: EffectID, at now: any Sendable) {
        guard let record = records[id] else { return }
        records[id] = .idle(lastStart: now, timing: record.timing)
    }

    /// The effect `token` ended — cancelled, or returned — and no longer waits, if it did; the
    /// time of the last effect let through is kept, so the next one still waits for the end of
    /// its interval.
    internal mutating func waitingEffectEnded(_ token: Int) {
        for (id, record) in records {
            guard case .waiting(let lastStart, let timing, token) = record else { continue }
            records[id] = .idle(lastStart: lastStart, timing: timing)
            return
        }
    }
}
