/// A case path written as a key path: `\.checkIn` or `\.lifecycle.didBecomeActive`, from
/// `Root` to the payload `Value` of the case it names.
///
/// Lifts, bridges, projections and `TestStore.receive` take one. Each step is a property of an
/// enum's `AllCasePaths`, generated for ``CaseAccessible`` enums by `swift package
/// case-accessors`; a step into a payload that is itself a `CaseAccessible` enum continues with
/// that enum's cases. With the root spelled out, the same path is `\AppAction.Cases.checkIn`.
///
/// ```swift
/// let trigger: CaseKeyPath<AppAction, Void> = \.lifecycle.didBecomeActive
/// let bridges = BridgeMiddleware<AppAction, AppState>()
///     .bridge(trigger --> .reachability(.startMonitoring))
/// ```
///
/// A path held in a variable costs what a literal costs: the APIs that take one resolve it into
/// a ``CasePath`` once, when they are built. `\.self` is the identity path. A case key path is
/// `Sendable`: keep one in a global constant, or hand it to another isolation.
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root, Root>, Case<Root, Value>> & Sendable

/// One step of a ``CaseKeyPath``: the case of `Root` reached so far, whose payload is `Value`.
///
/// You do not make or keep these: they exist so that a key path literal can name a chain of
/// cases. `\.lifecycle.didBecomeActive` starts at `Case<AppAction, AppAction>`, and each member
/// is looked up in the `AllCasePaths` of the enum reached so far, giving
/// `Case<AppAction, AppLifecycleAction>`, then `Case<AppAction, Void>`. Resolving the key path
/// (``CasePath/init(_:)``) runs those steps once and keeps the composed functions.
///
/// ```swift
/// let trigger: CaseKeyPath<AppAction, Void> = \.lifecycle.didBecomeActive
/// ```
///
/// `Case` has no members of its own besides the lookup, so a case may have any name — `name`,
/// `description`, `Type` — without colliding with one.
@dynamicMemberLookup
public struct Case<Root, Value>: Sendable {
    /// The path from the root to this step.
    // Underscored: a test that imports this module `@testable` would otherwise see it in
    // place of a case named `path`.
    internal let _path: CasePath<Root, Value>

    internal init(_path: CasePath<Root, Value>) {
        self._path = _path
    }

    /// The step into one of `Value`'s cases: `\.checkIn` reads `Value.AllCasePaths.checkIn`.
    ///
    /// - Parameter member: The case's property in the `AllCasePaths` of `Value`.
    /// - Returns: The step, whose payload is the case's.
    public subscript<Member>(
        dynamicMember member: KeyPath<Value.AllCasePaths, CasePath<Value, Member>> & Sendable
    ) -> Case<Root, Member> where Value: CaseAccessible {
        Case<Root, Member>(_path: _path.appending(Value.allCasePaths[keyPath: member]))
    }
}
