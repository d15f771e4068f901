/// The last value an element projection read, returned while the element is missing from its
/// collection (removed while a view still shows it). A ``CollectionMiddleware``'s element state
/// getter keeps one the same way, for an effect that reads its element after the reducer
/// removed it.
///
/// It is a key-path subscript argument, so it must be `Hashable`; it compares equal to every
/// other `LastKnownElement` and hashes to nothing, so the path to an element depends only on
/// its id: two projections of the same element share their observation keys, and re-creating a
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

@available(*, unavailable)
extension LastKnownElement: Sendable {}
