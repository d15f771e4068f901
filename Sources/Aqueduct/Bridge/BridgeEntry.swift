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

    /// How the bridge makes its action, after the reducer.
    @usableFromInline
    enum Derivation: Sendable {
        /// From the original action alone: a ``Bridge``.
        case fromAction(@Sendable (Action) -> Action?)
        /// From the original action and the state after the reducer: a ``StateBridge``.
        case fromActionAndState(@MainActor @Sendable (Action, GetState<State>) -> Action?)
    }

    /// Decides, before the reducer and without allocating, whether the bridge may fire; `nil`
    /// for a bridge made from a bare derivation.
    @usableFromInline
    let matches: (@Sendable (Action) -> Bool)?
    @usableFromInline
    let derivation: Derivation
    @usableFromInline
    let filter: Filter
    @usableFromInline
    let file: StaticString
    @usableFromInline
    let function: StaticString
    @usableFromInline
    let line: UInt

    init(bridge: Bridge<Action>, filter: Filter, file: StaticString, function: StaticString, line: UInt) {
        self.matches = bridge.matches
        self.derivation = .fromAction(bridge.derivation)
        self.filter = filter
        self.file = file
        self.function = function
        self.line = line
    }

    init(bridge: StateBridge<Action, State>, file: StaticString, function: StaticString, line: UInt) {
        self.matches = bridge.matches
        self.derivation = .fromActionAndState(bridge.derivation)
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

    /// The action the bridge derives from `action`, reading `state` if it is a state bridge.
    @MainActor
    @inlinable
    func derive(from action: Action, state: GetState<State>) -> Action? {
        switch derivation {
        case .fromAction(let derive): return derive(action)
        case .fromActionAndState(let derive): return derive(action, state)
        }
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
