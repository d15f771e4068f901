/// The state a child's getter last found — an element by id or a presented child — which it
/// returns once the child is missing from its parent's state: a ``CollectionMiddleware``'s
/// element state getter and an optional child's keep one for an effect that reads its child
/// after the reducer removed it.
///
/// Not `Sendable`, on purpose: the getters that hold it run on the main actor only, like every
/// state getter, so its mutable `value` is never touched by two threads.
internal final class LastSeenChild<Child> {
    var value: Child

    init(_ value: Child) {
        self.value = value
    }
}

@available(*, unavailable)
extension LastSeenChild: Sendable {}
