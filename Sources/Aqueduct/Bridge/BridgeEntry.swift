/// A bridge as a ``BridgeMiddleware`` keeps it: the bridge, its filter and where it was added.
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

    @usableFromInline
    let bridge: Bridge<Action>
    @usableFromInline
    let filter: Filter
    @usableFromInline
    let file: StaticString
    @usableFromInline
    let function: StaticString
    @usableFromInline
    let line: UInt

    /// `true` when the bridge may fire for `action`: its cheap matching test passes, or it has none.
    @inlinable
    func mayMatch(_ action: Action) -> Bool {
        bridge.matches?(action) ?? true
    }

    /// The line a derived action's info gains: `Bridged from <original> at <File.swift>, <function>:<line>`.
    /// The source of an action this bridge derived from `original`: the original's source with
    /// the line `Bridged from <original> at <file>, <function>:<line>`, built only if read.
    @usableFromInline
    func derivedSource(from source: ActionSource, original: Action) -> ActionSource {
        let (file, function, line) = (self.file, self.function, self.line)
        return source.appendingInfo(deferred: {
            let fileName = ActionSource(file: file, function: function, line: line).fileName
            return "Bridged from \(ActionDescription.describe(original)) at \(fileName), \(function):\(line)"
        })
    }
}
