/// The last value a child projection read — of an element by id, a stack entry by id or a
/// presented child — returned while the child is missing from its parent's state (removed,
/// popped or dismissed while a view still shows it). A ``CollectionMiddleware``'s element state
/// getter keeps one the same way, for an effect that reads its element after the reducer
/// removed it.
///
/// It is a key-path subscript argument, so it must be `Hashable`; it compares equal to every
/// other `LastKnownElement` and hashes to nothing, so the path to a child depends only on its
/// id: two projections of the same child share their observation keys, and re-creating a
/// row's projection on every render does not multiply the watched paths.
///
/// Not `Sendable`, on purpose: the paths and getters that hold it are only applied to a store's
/// state, on the main actor, so its mutable `value` is never touched by two threads.
internal final class LastKnownElement<Element>: Hashable {
    var value: Element

    init(_ value: Element) {
        self.value = value
    }

    static func == (lhs: LastKnownElement, rhs: LastKnownElement) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}

extension Array where Element: Identifiable {
    /// The element with `id` (remembered in `lastKnown`), or the last one seen if it is gone.
    ///
    /// - Complexity: O(*n*).
    internal subscript(_element id: Element.ID, lastKnown lastKnown: LastKnownElement<Element>) -> Element {
        guard let element = first(where: { $0.id == id }) else { return lastKnown.value }
        lastKnown.value = element
        return element
    }
}

extension ChildStack {
    /// The entry with `id` (remembered in `lastKnown`), or the last one seen if it was popped.
    ///
    /// - Complexity: O(log *n*).
    internal subscript(_entry id: StackID, lastKnown lastKnown: LastKnownElement<Element>) -> Element {
        guard let element = self[id: id] else { return lastKnown.value }
        lastKnown.value = element
        return element
    }
}

extension Optional {
    /// The presented child (remembered in `lastKnown`), or the last one seen if it was
    /// dismissed.
    internal subscript(_presented lastKnown: LastKnownElement<Wrapped>) -> Wrapped {
        guard let child = self else { return lastKnown.value }
        lastKnown.value = child
        return child
    }
}

@available(*, unavailable)
extension LastKnownElement: Sendable {}
