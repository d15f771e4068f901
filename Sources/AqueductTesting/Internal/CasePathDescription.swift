import Aqueduct

/// Describes a case key path for failure messages.
///
/// Case key paths go through hand-written computed properties, which a key path's description
/// cannot name: it prints `\AppAction.<computed 0x… (Optional<Int>)>`. That is shortened to
/// `\AppAction.<computed: Optional<Int>>`; the failure points at the line that wrote the key
/// path.
enum CasePathDescription {
    static func describe(_ keyPath: AnyKeyPath) -> String {
        let text = ActionDescription.stripModules(String(describing: keyPath))
        return text.replacing(#/<computed 0x[0-9a-fA-F]+ \((.+?)\)>(?=[.?!]|$)/#) { match in "<computed: \(match.1)>" }
    }
}
