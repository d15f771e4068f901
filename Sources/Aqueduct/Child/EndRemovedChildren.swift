/// The effect every child lift returns for every action: after the reducer, the engine cancels
/// the effects of the lift's children that are gone (see ``ChildScope``). Built once per lift,
/// and sendable, so that returning it allocates nothing.
@usableFromInline
internal final class EndRemovedChildren<Action>: EffectStorage, Sendable {
    @usableFromInline
    let scope: any ChildScope

    @usableFromInline
    init(_ scope: any ChildScope) {
        self.scope = scope
    }

    @usableFromInline
    var operation: Effect<Action>.Operation { .endRemovedChildren(scope) }

    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, ActionSource) -> Void) -> Bool { false }

    /// The effect.
    var effect: Effect<Action> { Effect(_box: self) }

    /// `childEffect`, an effect of a child, followed by the end of the removed children: the
    /// child's effect first, so that a child removed by the action it handled loses the effects
    /// it just started too.
    func after(_ childEffect: Effect<Action>) -> Effect<Action> {
        childEffect.isNone ? effect : .merge(childEffect, effect)
    }
}

extension EndRemovedChildren {
    /// The end of a presented child's effects, for a child whose state is optional: a tracked
    /// child is gone when the state is `nil` or holds another instance (see
    /// ``PresentedChildKey``).
    static func endDismissed<GlobalState, Child>(
        child: @escaping @Sendable (GlobalState) -> Child?
    ) -> EndRemovedChildren {
        let instance = PresentedChildKey.reader(for: Child.self)
        return EndRemovedChildren(
            KeyedChildScope<GlobalState, PresentedChildKey>(childKind: "child") { state, tracked in
                guard let current = child(state) else { return Array(tracked.indices) }
                // Usually one child is tracked, the one presented: nothing is gone.
                let key = PresentedChildKey(instance: instance?.instance(of: current))
                return tracked.indices.filter { tracked[$0] != key }
            }
        )
    }

    /// The end of popped entries' effects, for the entries of a ``ChildStack``.
    static func endPopped<GlobalState, Entry>(
        stack: @escaping @Sendable (GlobalState) -> ChildStack<Entry>
    ) -> EndRemovedChildren {
        EndRemovedChildren(
            KeyedChildScope<GlobalState, StackID>(childKind: "stack entry", order: <) { state, tracked in
                // Entries are popped from the top, and the tracked ids are sorted as the stack's
                // are: the popped ones are a suffix of them.
                let current = stack(state)
                var first = tracked.count
                while first > 0, current.index(of: tracked[first - 1]) == nil { first -= 1 }
                return Array(first..<tracked.count)
            }
        )
    }
}

/// The key of one presented child instance. An optional holds one child at a time; a child
/// whose state is `Identifiable` is a new child when its id changes — replaced in place
/// (`state.detail = other`, never `nil` between), the old one's effects end, its dismissal
/// with them. A child that is not `Identifiable` has one key: replaced in place, it is the
/// same child.
///
/// The id is read when the child starts an effect and when the lift checks, after an action,
/// whether the children that did are still there: never on the dispatch of an action that
/// involves no presented child with effects.
struct PresentedChildKey: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Unchecked: the id of an `Identifiable` state, a value (an `Int`, a `UUID`, a `String`) that
    // the registry compares on the main actor and may release on the thread an effect returns on.
    let instance: AnyHashable?

    /// The key of a child, `instance` its id (`nil` when its state is not `Identifiable`).
    init(instance: AnyHashable?) {
        self.instance = instance
    }

    var description: String { instance.map { "presented \($0)" } ?? "presented" }

    /// Reads the id of a child of type `Child`, or `nil` when the type is not `Identifiable`:
    /// asked once, when the lift is built.
    static func reader<Child>(for _: Child.Type) -> (any ChildInstanceReader<Child>)? {
        guard let identifiable = Child.self as? any Identifiable.Type else { return nil }
        func make<Identified: Identifiable>(_: Identified.Type) -> any ChildInstanceReader<Child> {
            IdentifiedChildReader<Child, Identified>()
        }
        return make(identifiable)
    }
}

/// Reads the instance of a presented child: its id (see ``PresentedChildKey``).
protocol ChildInstanceReader<Child>: Sendable {
    associatedtype Child
    func instance(of child: Child) -> AnyHashable
}

/// The ``ChildInstanceReader`` of a child whose state, `Child`, is `Identified` at run time.
struct IdentifiedChildReader<Child, Identified: Identifiable>: ChildInstanceReader {
    func instance(of child: Child) -> AnyHashable {
        // `Child` is `Identified`, checked when the reader was made: the cast cannot fail.
        AnyHashable((child as! Identified).id)
    }
}
