import Aqueduct

/// An app's own lifecycle module.
public enum LifecycleAction: Sendable { case launched }

/// How many times the app launched.
public let lifecycleReducer = Reducer<LifecycleAction, Int>.reduce { _, launches in launches += 1 }
