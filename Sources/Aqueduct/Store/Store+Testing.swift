/// Hooks for the `AqueductTesting` library. `package` access: not API, and not visible
/// outside this package. Nothing here is on the dispatch path.
extension Store {
    /// Makes the asynchronous effects this store starts from now on prefer `executor`.
    ///
    /// `TestStore` runs effects on an executor whose queue it can watch, so that it can tell
    /// when every effect has run as far as it can (is idle) without waiting on wall time.
    /// `nil` restores the default, the global concurrent executor.
    ///
    /// - Parameter executor: The executor, or `nil`.
    package func _preferEffectExecutor(_ executor: (any TaskExecutor)?) {
        _effects.taskExecutor = executor
    }

    /// Descriptions of the asynchronous effects still running, as ``runningEffects``, readable
    /// from any isolation (a test store's `deinit` is not isolated).
    package nonisolated var _runningEffectDescriptions: [String] {
        _effects.running.map { $0.isCancelled ? $0.description + " (cancelled)" : $0.description }
    }

    /// Cancels every asynchronous effect still running, as `TestStore.finish()` does once it
    /// has reported them.
    package func _cancelAllEffects() {
        _effects.cancelAll()
    }
}
