import ReachabilityClient

/// What the reachability feature says and hears: commands to start or stop monitoring, and the network transitions a
/// monitor observed.
///
/// The two commands (``startMonitoring`` and ``stopMonitoring``) flow *into* the reachability middleware; every other
/// case flows *out* of it, one per transition computed by ``ReachabilityTransition``. The events describe changes only:
/// a monitor that keeps reporting the same path produces no event.
///
/// Aqueduct has no macros, so the "case key paths" that bridges match on are hand-written optional properties: each
/// returns `()` when the event is that case and `nil` otherwise.
///
/// ```swift
/// // A bridge fires when the app's reachability action is `.connectedToWifi`:
/// \AppAction.reachability?.connectedToWifi
/// ```
///
/// Values are immutable and `Sendable`; use them from any isolation.
public enum ReachabilityEvent: Sendable, Equatable, Hashable {
    /// A command: start observing the network path.
    case startMonitoring
    /// A command: stop observing the network path and release the monitor.
    case stopMonitoring
    /// The path became usable through a wired interface (Ethernet, including virtual Ethernet such as veth).
    case connectedToWired
    /// The path became usable through a Wi-Fi interface.
    case connectedToWifi
    /// The path became usable through a cellular (WWAN, PPP) interface.
    case connectedToCellular
    /// The path became usable through an interface of another kind (tunnels, loopback-only paths and so on).
    case connectedToOther
    /// The path stopped being usable: no default route through an interface that is up.
    case disconnected
    /// The path started costing money or data allowance (cellular, tethering).
    case becameExpensive
    /// The path stopped being expensive.
    case becameCheap
    /// The path entered a data-saving (constrained) mode.
    case becameConstrained
    /// The path left data-saving (constrained) mode.
    case becameUnconstrained
    /// The monitor could not start or stopped on an unrecoverable error; monitoring is off until
    /// the next ``startMonitoring``.
    case monitoringFailed(PathMonitorError)
}

extension ReachabilityEvent {
    /// `()` when this is ``startMonitoring``, otherwise `nil`; the case key path for bridges.
    public var startMonitoring: Void? {
        if case .startMonitoring = self { return () }
        return nil
    }

    /// `()` when this is ``stopMonitoring``, otherwise `nil`; the case key path for bridges.
    public var stopMonitoring: Void? {
        if case .stopMonitoring = self { return () }
        return nil
    }

    /// `()` when this is ``connectedToWired``, otherwise `nil`; the case key path for bridges.
    public var connectedToWired: Void? {
        if case .connectedToWired = self { return () }
        return nil
    }

    /// `()` when this is ``connectedToWifi``, otherwise `nil`; the case key path for bridges.
    public var connectedToWifi: Void? {
        if case .connectedToWifi = self { return () }
        return nil
    }

    /// `()` when this is ``connectedToCellular``, otherwise `nil`; the case key path for bridges.
    public var connectedToCellular: Void? {
        if case .connectedToCellular = self { return () }
        return nil
    }

    /// `()` when this is ``connectedToOther``, otherwise `nil`; the case key path for bridges.
    public var connectedToOther: Void? {
        if case .connectedToOther = self { return () }
        return nil
    }

    /// `()` when this is ``disconnected``, otherwise `nil`; the case key path for bridges.
    public var disconnected: Void? {
        if case .disconnected = self { return () }
        return nil
    }

    /// `()` when this is ``becameExpensive``, otherwise `nil`; the case key path for bridges.
    public var becameExpensive: Void? {
        if case .becameExpensive = self { return () }
        return nil
    }

    /// `()` when this is ``becameCheap``, otherwise `nil`; the case key path for bridges.
    public var becameCheap: Void? {
        if case .becameCheap = self { return () }
        return nil
    }

    /// `()` when this is ``becameConstrained``, otherwise `nil`; the case key path for bridges.
    public var becameConstrained: Void? {
        if case .becameConstrained = self { return () }
        return nil
    }

    /// `()` when this is ``becameUnconstrained``, otherwise `nil`; the case key path for bridges.
    public var becameUnconstrained: Void? {
        if case .becameUnconstrained = self { return () }
        return nil
    }

    /// `()` when this is any of the `connectedTo…` cases, otherwise `nil`.
    ///
    /// Lets a bridge react to "the network came back" whatever the interface:
    ///
    /// ```swift
    /// \AppAction.reachability?.connected
    /// ```
    public var connected: Void? {
        switch self {
        case .connectedToWired, .connectedToWifi, .connectedToCellular, .connectedToOther: return ()
        default: return nil
        }
    }

    /// The error when this is ``monitoringFailed(_:)``, otherwise `nil`; the case key path for bridges.
    public var monitoringFailed: PathMonitorError? {
        if case .monitoringFailed(let error) = self { return error }
        return nil
    }
}
