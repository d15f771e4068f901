import Aqueduct

/// Describes a case key path for failure messages.
///
/// A key path through generated case accessors is named the way it was written:
/// `\.sync?.finished`. Its own description cannot do that — it prints each computed property
/// as `<computed 0x… (Optional<SyncAction>)>` — so the path is matched against the accessors
/// each enum lists in its ``GeneratedCaseAccessors`` conformance: the root's accessors first,
/// then each of those followed by an optional chain into its payload's accessors, one level
/// deeper at a time. Key paths compare equal exactly when they have the same components, so a
/// match is the path itself, never a look-alike; the search is bounded by ``maximumDepth`` and
/// ``candidateLimit``.
///
/// Anything else — hand-written accessors, a force unwrap, a stored property — keeps the key
/// path's description with the addresses left out, `\AppAction.<computed: Optional<Int>>`,
/// and the failure points at the line that wrote the key path.
enum CasePathDescription {
    /// How many accessors deep a path is searched.
    static let maximumDepth = 8
    /// How many key paths the search builds at most; a failure message stays cheap.
    static let candidateLimit = 10_000

    static func describe(_ keyPath: AnyKeyPath) -> String {
        if let names = caseNames(of: keyPath) { return "\\." + names }
        let text = ActionDescription.stripModules(String(describing: keyPath))
        return text.replacing(#/<computed 0x[0-9a-fA-F]+ \((.+?)\)>(?=[.?!]|$)/#) { match in "<computed: \(match.1)>" }
    }

    /// `sync?.finished` for `\AppAction.sync?.finished`, or `nil` when the path is not made of
    /// generated case accessors joined by optional chains.
    static func caseNames(of keyPath: AnyKeyPath) -> String? {
        guard let rootAccessors = accessors(of: type(of: keyPath).rootType) else { return nil }
        var level = rootAccessors.map { Candidate(keyPath: $0.keyPath, names: $0.name, valueType: $0.valueType) }
        var built = level.count
        for _ in 0..<maximumDepth {
            if let match = level.first(where: { $0.keyPath == keyPath }) { return match.names }
            var deeper: [Candidate] = []
            for candidate in level {
                guard let inner = accessors(of: candidate.valueType) else { continue }
                for accessor in inner {
                    built += 1
                    guard built <= candidateLimit else { return nil }
                    guard let chained = candidate.keyPath.appending(path: accessor.chainedKeyPath) else { continue }
                    deeper.append(
                        Candidate(
                            keyPath: chained,
                            names: candidate.names + "?." + accessor.name,
                            valueType: accessor.valueType
                        )
                    )
                }
            }
            guard !deeper.isEmpty else { return nil }
            level = deeper
        }
        return nil
    }

    /// A key path the search built, with the names it is written with.
    private struct Candidate {
        let keyPath: AnyKeyPath
        let names: String
        let valueType: Any.Type
    }

    /// One accessor without its root type, so accessors of different enums share a list.
    private struct ErasedAccessor {
        let name: String
        let keyPath: AnyKeyPath
        let chainedKeyPath: AnyKeyPath
        let valueType: Any.Type
    }

    private static func accessors(of type: Any.Type) -> [ErasedAccessor]? {
        guard let generated = type as? any GeneratedCaseAccessors.Type else { return nil }
        return erasedAccessors(of: generated)
    }

    private static func erasedAccessors<Root: GeneratedCaseAccessors>(of _: Root.Type) -> [ErasedAccessor] {
        Root.caseAccessors.map {
            ErasedAccessor(
                name: $0.name,
                keyPath: $0.keyPath,
                chainedKeyPath: $0.chainedKeyPath,
                valueType: $0.valueType
            )
        }
    }
}
