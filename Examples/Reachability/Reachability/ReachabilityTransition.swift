import ReachabilityClient

/// Turns a change of ``NetworkPath`` into the ``ReachabilityEvent``s a reachability middleware emits.
///
/// The rules, applied in this order so the connection event always comes first:
///
/// 1. **Connection.** The first path (`previous == nil`) always emits its connection event (`connectedTo…` or
///    ``ReachabilityEvent/disconnected``). Afterwards one is emitted when the status changes, or when a connected path
///    moves to an interface of another kind (Wi-Fi → wired). A change of interface *name* within one kind emits
///    nothing: the events cannot express it and features do not care.
/// 2. **Cost.** The first path emits ``ReachabilityEvent/becameExpensive`` only if it is expensive (cheap is the
///    assumed default); afterwards a change of `isExpensive` emits `becameExpensive` or `becameCheap`.
/// 3. **Constraint.** The same for `isConstrained`: `becameConstrained` / `becameUnconstrained`.
///
/// Equal paths emit nothing. Folding the emitted events therefore always reproduces the latest path's connection
/// kind and flags. Loopback counts as ``ReachabilityEvent/connectedToOther``.
///
/// ```swift
/// let wifi = NetworkPath(status: .connected, interfaceKind: .wifi)
/// let cellular = NetworkPath(status: .connected, interfaceKind: .cellular, isExpensive: true)
/// ReachabilityTransition.events(from: wifi, to: cellular)   // [.connectedToCellular, .becameExpensive]
/// ```
///
/// A pure namespace: stateless, callable from any isolation.
public enum ReachabilityTransition {
    /// The events that describe going from `previous` to `current`.
    ///
    /// - Parameters:
    ///   - previous: The last path seen, or `nil` if `current` is the first one since monitoring started.
    ///   - current: The path just observed.
    /// - Returns: The events in emission order; empty when nothing a feature can observe changed.
    /// - Complexity: O(1).
    public static func events(from previous: NetworkPath?, to current: NetworkPath) -> [ReachabilityEvent] {
        var events: [ReachabilityEvent] = []
        guard let previous else {
            events.append(connectionEvent(for: current))
            if current.isExpensive { events.append(.becameExpensive) }
            if current.isConstrained { events.append(.becameConstrained) }
            return events
        }
        guard previous != current else { return events }
        let previousEvent = connectionEvent(for: previous)
        let currentEvent = connectionEvent(for: current)
        if previousEvent != currentEvent {
            events.append(currentEvent)
        }
        if previous.isExpensive != current.isExpensive {
            events.append(current.isExpensive ? .becameExpensive : .becameCheap)
        }
        if previous.isConstrained != current.isConstrained {
            events.append(current.isConstrained ? .becameConstrained : .becameUnconstrained)
        }
        return events
    }

    /// The connection event that describes `path` on its own.
    ///
    /// - Parameter path: Any path.
    /// - Returns: ``ReachabilityEvent/disconnected`` or the `connectedTo…` case for its interface kind; a connected
    ///   path with an unknown kind counts as ``ReachabilityEvent/connectedToOther``.
    public static func connectionEvent(for path: NetworkPath) -> ReachabilityEvent {
        guard path.status == .connected else { return .disconnected }
        switch path.interfaceKind {
        case .wired: return .connectedToWired
        case .wifi: return .connectedToWifi
        case .cellular: return .connectedToCellular
        case .loopback, .other, nil: return .connectedToOther
        }
    }
}
