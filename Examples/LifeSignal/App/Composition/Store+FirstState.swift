import Aqueduct

extension Store {
    /// Waits until the state satisfies `predicate` (at once if it already does).
    ///
    /// The wait ends on a state change only; callers make sure one is coming (an operation in
    /// flight always ends with a result, bounded by the client's timeout).
    ///
    /// - Parameter predicate: The condition.
    func firstState(where predicate: @escaping @MainActor (State) -> Bool) async {
        if predicate(state) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var subscription: StoreSubscription?
            var isResumed = false
            subscription = subscribe { state in
                guard !isResumed, predicate(state) else { return }
                isResumed = true
                subscription?.cancel()
                subscription = nil
                continuation.resume()
            }
        }
    }
}
