/// A scenario ready to run, or the place of one whose feature has not landed yet.
enum ScenarioSlot: Sendable {
    /// A scenario to measure.
    case ready(Scenario)
    /// A scenario waiting for a feature; the report lists it as pending.
    case pending(id: String, title: String, waitingFor: String)

    /// The scenario's letter.
    var id: String {
        switch self {
        case .ready(let scenario): scenario.id
        case .pending(let id, _, _): id
        }
    }
}

/// The scenarios, in report order, one slot a letter: the dispatch costs (a to h), the scaling
/// rows (i to k), the recorder (l), replay and the test store (m, n), child features (o),
/// persisted state (p) and reading a recording (q).
/// `Benchmarks/README.md` describes each under its letter.
///
/// Each scenario lives in a file of its own, `Scenarios/Scenario<Letter>+<Name>.swift`, that
/// defines its slot in an extension of ``Scenarios``. Slots whose feature has not landed have
/// a default here that reports them as pending; a scenario file that defines the slot replaces
/// the default (the type's own member is the protocol's witness), so adding scenario e, f or
/// h is adding its file — nothing else changes.
protocol ScenarioCatalog {
    /// a. counter: the reducer increments an `Int`.
    static var a: ScenarioSlot { get }
    /// b. a + 5 pass-through middlewares.
    static var b: ScenarioSlot { get }
    /// c. a + 10 state observers.
    static var c: ScenarioSlot { get }
    /// d. the state holds `[Int]` × 1000 and the reducer mutates one element.
    static var d: ScenarioSlot { get }
    /// e. a bridge middleware with 10 bridges, one of which matches.
    static var e: ScenarioSlot { get }
    /// f. the logger middleware with a filter that rejects the action.
    static var f: ScenarioSlot { get }
    /// g. 4 tasks dispatching through the `Sendable` dispatcher concurrently.
    static var g: ScenarioSlot { get }
    /// h. projections 10 levels deep and 1,000 unrelated observers.
    static var h: ScenarioSlot { get }
    /// i. 1 to 1,000 bridges, none or one matching (how matching scales).
    static var i: ScenarioSlot { get }
    /// j. 1, 10 and 100 composed middlewares.
    static var j: ScenarioSlot { get }
    /// k. 10,000 actions queued in one cascade.
    static var k: ScenarioSlot { get }
    /// l. the recorder middleware writing every action to a file.
    static var l: ScenarioSlot { get }
    /// m. `ActionReplay` checking a recording record by record.
    static var m: ScenarioSlot { get }
    /// n. a `TestStore` receiving tens of thousands of waiting actions.
    static var n: ScenarioSlot { get }
    /// o. child features: rows lifted by id, and a navigation stack pushed and popped.
    static var o: ScenarioSlot { get }
    /// p. a persisted part of the state that the action does not change.
    static var p: ScenarioSlot { get }
    /// q. `ActionRecording` reading a recording file.
    static var q: ScenarioSlot { get }
}

extension ScenarioCatalog {
    static var e: ScenarioSlot {
        .pending(
            id: "e",
            title: "bridge middleware: 10 bridges, one matches",
            waitingFor: "its scenario file (BridgeMiddleware has landed; see Benchmarks/README.md)"
        )
    }

    static var f: ScenarioSlot {
        .pending(
            id: "f",
            title: "logger middleware, filter rejects the action",
            waitingFor: "its scenario file (LoggerMiddleware has landed; see Benchmarks/README.md)"
        )
    }

    static var h: ScenarioSlot {
        .pending(
            id: "h",
            title: "projections 10 deep, 1,000 unrelated observers",
            waitingFor: "observation and projections (feature/observation)"
        )
    }

    /// Every slot, in report order.
    static var all: [ScenarioSlot] { [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q] }
}

/// The benchmark's scenarios; each `Scenarios/Scenario<Letter>+<Name>.swift` file defines one
/// slot.
enum Scenarios: ScenarioCatalog {}
