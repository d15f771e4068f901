/// The lifecycle state of an ``Alert``.
///
/// ```swift
/// if alert.state == .active { showCancelButton() }
/// ```
public enum AlertState: String, Sendable, Hashable, CaseIterable {
    /// The alert is raised and has not been cancelled.
    case active
    /// The alert was cancelled.
    case cancelled
}
