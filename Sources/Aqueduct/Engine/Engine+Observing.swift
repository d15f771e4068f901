/// What test drivers (`TestStore`, `MiddlewareTester`) need from the engine: a hook on each
/// processed action. Everything else — waiting, settling, time — is the test scheduler's, in
/// `AqueductTesting`: the engine carries no test driver.
extension Engine {
    /// Calls `hook` after every processed action (its effect interpreted), from now on.
    ///
    /// - Parameter hook: Receives the action and its source; reads the new state through the
    ///   engine.
    package func observeProcessing(_ hook: @escaping (Action, ActionSource) -> Void) {
        memory.fields.didProcess = hook
        memory.fields.hasObservers = true
    }
}
