import CheckIn
import CheckInClient
import Foundation
import PrintableText
import TerminalInput

/// The sentences the terminal prints, in one place.
enum TerminalText {
    static func date(_ date: Date) -> String {
        date.ISO8601Format()
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    static func status(_ state: CheckInState) -> String {
        var lines: [String] = []
        if let last = state.lastCheckIn, let deadline = state.deadline {
            lines.append("Last check-in: \(date(last.date))")
            lines.append("Next check-in due by: \(date(deadline))\(state.isOverdue ? " — OVERDUE" : "")")
        } else {
            lines.append("Last check-in: never")
        }
        if let alert = state.activeAlert {
            lines.append("Alert: active since \(date(alert.triggeredAt))")
        } else {
            lines.append("Alert: none")
        }
        if state.hasSyncQueue {
            lines.append("Waiting to sync: \(state.pendingSyncCount.map(String.init) ?? "unknown")")
        }
        if let error = state.lastError {
            lines.append("Last error: \(error)")
        }
        return lines.joined(separator: "\n")
    }

    /// An interval for a person: "1 hour", "90 minutes", "3 days", "45 seconds".
    static func interval(_ interval: Duration) -> String {
        let seconds = Int(interval.components.seconds)
        for (unit, length) in [("day", 86_400), ("hour", 3_600), ("minute", 60)] where seconds % length == 0 {
            return plural(seconds / length, unit)
        }
        return plural(seconds, "second")
    }

    /// The settings: the interval and the contact, as the person set them.
    static func settings(_ state: CheckInState) -> String {
        let contact = state.contact.map { PrintableText.escaping($0) } ?? "none"
        return "Check-in interval: \(interval(state.interval))\nContact: \(contact)"
    }

    static func lineTooLong(_ byteCount: Int) -> String {
        "That line is \(byteCount) bytes long; a command is at most \(StandardInput.defaultMaximumLineLength) bytes. "
            + "It was ignored."
    }

    /// The last words: "Bye.", and what is left to sync if anything is.
    static func goodbye(_ state: CheckInState, queuePath: String?) -> String {
        guard let pending = state.pendingSyncCount, pending > 0 else { return "Bye." }
        let place = queuePath.map { " They are kept in \($0)" } ?? " They are kept"
        return "Bye. \(plural(pending, "check-in")) \(pending == 1 ? "is" : "are") still waiting to sync."
            + "\(place) and sent the next time LifeSignal runs with the backend reachable."
    }

    /// A history screen: its check-ins, or why they could not be loaded, and how to close it.
    static func history(_ screen: HistoryScreen) -> String {
        let close = "Type 'back' to close the history."
        if let error = screen.error { return "Could not load the history: \(error). \(close)" }
        let history = screen.rows ?? []
        guard !history.isEmpty else { return "No check-ins yet. \(close)" }
        let lines = history.enumerated().map { index, checkIn in "  \(index + 1). \(date(checkIn.date))" }
        return (["History (\(plural(history.count, "check-in")), newest first):"] + lines + [close])
            .joined(separator: "\n")
    }

    /// The alert notice's reminder.
    static func reminder(_ notice: AlertNotice) -> String {
        "Your alert is still active (triggered at \(date(notice.alert.triggeredAt))). "
            + "Type 'cancel-alert' to cancel it, or 'ack' to stop these reminders."
    }
}
