/// The actions of a ``ChildStack`` lifted into its parent: an entry's own action, and pushes and
/// pops.
///
/// ```swift
/// await store.dispatch(.path(.push(Detail(id: 10)))) { $0.path.push(Detail(id: 10)) }
/// await store.dispatch(.path(.push(Detail(id: 20)))) { $0.path.push(Detail(id: 20)) }
/// #expect(store.state.path.ids == [StackID(0), StackID(1)])
///
/// await store.dispatch(.path(.element(id: StackID(1), action: .load)))
/// // …
/// await store.dispatch(.path(.popTo(id: StackID(0)))) { $0.path.pop() }
/// ```
///
/// An action the stack cannot follow — for an entry already popped, a pop of an empty stack, a
/// pop to an id the stack does not hold — changes nothing, and the middleware lifted into the
/// stack reports it as a ``DroppedElementAction``.
public enum StackAction<Element, Action> {
    /// An action of the entry with `id`.
    case element(id: StackID, action: Action)
    /// Pushes an entry with this state; the stack gives it the next id.
    case push(Element)
    /// Pops the top entry.
    case pop
    /// Pops every entry above the one with `id`.
    case popTo(id: StackID)
    /// Pops the entry with `id` and every entry above it: what an entry's ``Effect/dismiss``
    /// sends.
    case popFrom(id: StackID)
}

extension StackAction: Sendable where Element: Sendable, Action: Sendable {}
extension StackAction: Equatable where Element: Equatable, Action: Equatable {}
extension StackAction: Hashable where Element: Hashable, Action: Hashable {}
