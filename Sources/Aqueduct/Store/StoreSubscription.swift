/// Keeps a state observer registered; releasing it (or calling ``cancel()``) stops it.
///
/// ```swift
/// let subscription = store.subscribe(\.self) { state in render(state) }
/// // …
/// subscription.cancel() // or let it go
/// ```
///
/// Main-actor isolated.
@MainActor
public final class StoreSubscription {
    private var onCancel: (@MainActor () -> Void)?

    internal init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops observing. Calling it again does nothing.
    public func cancel() {
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
    }

    isolated deinit {
        cancel()
    }
}
