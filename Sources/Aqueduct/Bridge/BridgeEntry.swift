/// A bridge as a ``BridgeMiddleware`` keeps it: how it matches, how it derives, its filter and
/// where it was added.
@usableFromInline
internal struct BridgeEntry<Action: Sendable, State>: Sendable {
    /// When a matching bridge fires, evaluated after the reducer.
    @usableFromInline
    enum Filter: Sendable {
        case always
        case condition(@MainActor @Sendable (GetState<State>) -> Bool)
        case flag(KeyPath<State, Bool> & Sendable)

        @MainActor
        @inlinable
        func passes(_ state: GetState<State>) -> Bool {
            switch self {
            case .always: return true
            case .condition(let condition): return condition(state)
            case .flag(let flag): return state()[keyPath: flag]
            }
        }
    }

    /// Decides, before the reducer and without allocating, whether the bridge may fire; `nil`
    /// for a bridge made from a bare derivation.
    @usableFromInline
    let matches: (@Sendable (Action) -> Bool)?
    /// Makes the action to send after the reducer: a ``StateBridge``'s derivation, or a
    /// ``Bridge``'s wrapped to ignore the state. One closure for both kinds keeps an entry as
    /// cheap to copy as a closure, where an enum of the two was copied and destroyed through
    /// outlined value-witness calls for every entry the loops in `handle` visit.
    @usableFromInline
    let derivation: @MainActor @Sendable (Action, GetState<State>) -> Action?
    @usableFromInline
    let filter: Filter
    @usableFromInline
    let file: StaticString
    @usableFromInline
    let function: StaticString
    @usableFromInline
    let line: UInt

    init(bridge: Bridge<Action>, filter: Filter, file: StaticString, function: StaticString, line: UInt) {
        let derive = bridge.derivation
        self.matches = bridge.matches
        self.derivation = { action, _ in derive(action) }
        self.filter = filter
        self.file = file
        self.function = function
        self.line = line
    }

    init(bridge: StateBridge<Action, State>, file: StaticString, function: StaticString, line: UInt) {
        self.matches = bridge.matches
        self.derivation = bridge.derivation
        self.filter = .always
        self.file = file
        self.function = function
        self.line = line
    }

    /// `true` when the bridge may fire for `action`: its cheap matching test passes, or it has none.
    @inlinable
    func mayMatch(_ action: Action) -> Bool {
        matches?(action) ?? true
    }

    /// The source of an action this bridge derived from `original`: the original's source with
    /// the line `Bridged from <original> at <File.swift>, <function>:<line>`, built only if read.
    @usableFromInline
    func derivedSource(from source: ActionSource, original: Action) -> ActionSource {
        let (file, function, line) = (self.file, self.function, self.line)
        return source.appendingInfo(deferred: {
            let fileName = ActionSource(file: file, function: function, line: line).fileName
            return "Bridged from \(ActionDescription.describe(original)) at \(fileName), \(function):\(line)"
        })
    }
}
