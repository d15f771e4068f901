/// An enum whose case accessors were generated, listed with their names.
///
/// The `case-accessors` command conforms every ``CaseAccessible`` enum to this protocol in the
/// file it generates; you do not conform to it yourself. The list lets tools name a case key
/// path the way it was written: a `TestStore` failure says `\.sync?.finished` where the key
/// path's own description only has `\AppAction.<computed 0x… (Optional<SyncAction>)>?…`.
///
/// ```swift
/// // In the generated SyncAction+CaseAccessors.swift:
/// extension SyncAction: GeneratedCaseAccessors {
///     static var caseAccessors: [CaseAccessor<Self>] {
///         var accessors: [CaseAccessor<Self>] = []
///         accessors.append(CaseAccessor("start", \Self.start, chained: \Self?.?.start))
///         accessors.append(CaseAccessor("finished", \Self.finished, chained: \Self?.?.finished))
///         return accessors
///     }
/// }
/// ```
///
/// Cases inside `#if` appear under the same condition; cases with an `@available` attribute
/// are left out, because naming their accessor outside that availability would not compile.
public protocol GeneratedCaseAccessors {
    /// Every generated case accessor of the enum, in declaration order.
    ///
    /// - Complexity: O(*n*) in the number of cases: the list is built on each read. It is
    ///   read when a failure message is written, never on a dispatch.
    static var caseAccessors: [CaseAccessor<Self>] { get }
}
