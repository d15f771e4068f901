import Aqueduct

/// An app's own reachability module.
public enum ReachabilityAction: Sendable { case online, offline }

/// Whether the app is online.
public let reachabilityReducer = Reducer<ReachabilityAction, Bool>.reduce { action, isOnline in
    isOnline = action == .online
}
