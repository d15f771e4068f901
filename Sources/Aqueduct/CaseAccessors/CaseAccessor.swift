/// One generated case accessor of an enum: its name and the key paths that read it.
///
/// The `case-accessors` command writes these in the ``GeneratedCaseAccessors`` conformance it
/// generates; you read them rather than make them. Two key paths are kept because key paths
/// compare equal only when built from the same components: `keyPath` (`\SyncAction.finished`)
/// names the accessor at the start of a path, and `chainedKeyPath` (`\SyncAction?.?.finished`)
/// appended to a path that ends in an optional `SyncAction` builds exactly the key path a
/// user writes as `\AppAction.sync?.finished`.
///
/// ```swift
/// let finished = CaseAccessor<SyncAction>("finished", \SyncAction.finished, chained: \SyncAction?.?.finished)
/// let sync = CaseAccessor<AppAction>("sync", \AppAction.sync, chained: \AppAction?.?.sync)
/// sync.keyPath.appending(path: finished.chainedKeyPath) == \AppAction.sync?.finished  // true
/// ```
///
/// A `CaseAccessor` holds key paths and a metatype, which are not `Sendable`; it is made and
/// read on whichever isolation asks for ``GeneratedCaseAccessors/caseAccessors``.
public struct CaseAccessor<Root> {
    /// The accessor's name as declared: `finished`, or a backticked name with its backticks.
    public let name: String
    /// The accessor from the enum: a `KeyPath<Root, Value?>`.
    public let keyPath: AnyKeyPath
    /// The accessor after an optional chain: a `KeyPath<Root?, Value?>`.
    public let chainedKeyPath: AnyKeyPath
    /// The payload type: `Void` for a case without payload, a tuple for several values.
    public let valueType: Any.Type

    /// Describes one generated accessor.
    ///
    /// ```swift
    /// CaseAccessor<SyncAction>("finished", \SyncAction.finished, chained: \SyncAction?.?.finished)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The accessor's name, as declared.
    ///   - keyPath: The key path of the accessor.
    ///   - chained: The same accessor after an optional chain, `\Root?.?.name`.
    public init<Value>(_ name: String, _ keyPath: KeyPath<Root, Value?>, chained: KeyPath<Root?, Value?>) {
        self.name = name
        self.keyPath = keyPath
        self.chainedKeyPath = chained
        self.valueType = Value.self
    }
}

/// Key paths and metatypes are not `Sendable`; an accessor stays where it was made.
@available(*, unavailable)
extension CaseAccessor: Sendable {}
