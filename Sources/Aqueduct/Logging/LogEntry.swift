/// Formats one ``LoggerMiddleware`` entry.
///
/// ```text
/// ┌─▶ reachability(ReachabilityEvent.startMonitoring)
/// │ source: Lifecycle/AppLifecycleMiddleware.swift:118
/// │ function: start(_:)
/// │ info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
/// │ state: isMonitoring: false → true
/// └────────────────────
///
/// ```
///
/// A value of several lines continues on `│ ` lines aligned under its first line — after
/// `│ ` come as many spaces as its label and `: ` take (six for `info`, seven for `state`,
/// two for the action).
internal enum LogEntry {
    static let footer = "└────────────────────\n\n"

    static func format(action: String, source: ActionSource, stateChanges: [String]?) -> String {
        var text = ""
        append("┌─▶ ", action, to: &text)
        append("│ source: ", "\(source.file):\(source.line)", to: &text)
        append("│ function: ", source.function, to: &text)
        append("│ info: ", source.info ?? "<nil>", to: &text)
        if let stateChanges {
            append(
                "│ state: ",
                stateChanges.isEmpty ? "no state change" : stateChanges.joined(separator: "\n"),
                to: &text
            )
        }
        text += footer
        return text
    }

    /// Appends `head` and the first line of `value`, then each further line of `value` aligned
    /// under the first.
    private static func append(_ head: String, _ value: String, to text: inout String) {
        var isFirst = true
        for line in value.split(separator: "\n", omittingEmptySubsequences: false) {
            if isFirst {
                text += head
                isFirst = false
            } else {
                text += "│ " + String(repeating: " ", count: head.count - 2)
            }
            text += line
            text += "\n"
        }
    }
}
