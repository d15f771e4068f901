/// A bridge as a ``BridgeMiddleware`` keeps it: the bridge, its filter and where it was added.
internal struct BridgeEntry<Action: Sendable, State>: Sendable {
    /// When a matching bridge fires, evaluated after the reducer.
    enum Filter: Sendable {
        case always
        case condition(@MainActor @Sendable (GetState<State>) -> Bool)
        case flag(KeyPath<State, Bool> & Sendable)

        @MainActor
        func passes(_ state: GetState<State>) -> Bool {
            switch self {
            case .always: return true
            case .condition(let condition): return condition(state)
            case .flag(let flag): return state()[keyPath: flag]
            }
        }
    }

    let bridge: Bridge<Action>
    let filter: Filter
    let file: StaticString
    let function: StaticString
    let line: UInt

    /// `true` when the bridge may fire for `action`: its cheap matching test passes, or it has none.
    func mayMatch(_ action: Action) -> Bool {
        bridge.matches?(action) ?? true
    }

    /// The line a derived action's info gains: `Bridged from <original> at <File.swift>, <function>:<line>`.
    func infoLine(original: String) -> String {
        let fileName = ActionSource(file: file, function: function, line: line).fileName
        return "Bridged from \(original) at \(fileName), \(function):\(line)"
    }
}
