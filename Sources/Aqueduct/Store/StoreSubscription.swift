/// Keeps a state observer registered; releasing it (or calling ``cancel()``) stops it.
///
/// ```swift
/// let subscription = store.subscribe(\.profile.name, .removingDuplicates) { name in
///     label.text = name
/// }
/// store.dispatch(.profile(.rename("Grace")))
/// #expect(label.text == "Grace")
/// subscription.cancel()
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
