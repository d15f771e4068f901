import Foundation
import TerminalInput

/// A command typed at the LifeSignal terminal. A `Sendable` value.
///
/// ```swift
/// TerminalCommand(parsing: "check-in")   // .checkIn
/// TerminalCommand(parsing: "dance")      // .unknown("dance")
/// ```
public enum TerminalCommand: Sendable, Equatable {
    /// `check-in`: record a check-in now.
    case checkIn
    /// `status`: show the last check-in, the deadline, the alert and the sync queue.
    case status
    /// `history`: push the history screen, which loads and shows the check-ins.
    case history
    /// `back`: pop the screen on top.
    case back
    /// `alert`: trigger an alert, and show its notice.
    case alert
    /// `ack`: acknowledge the alert notice, which dismisses it.
    case acknowledge
    /// `cancel-alert`: cancel the active alert.
    case cancelAlert
    /// `help`: list the commands.
    case help
    /// `quit`: flush and exit.
    case quit
    /// An empty line.
    case empty
    /// A line too long to be a command, dropped unread; its length in bytes.
    case tooLong(byteCount: Int)
    /// Anything else.
    case unknown(String)

    /// The command a line of standard input holds.
    ///
    /// - Parameter input: The line, or the length of one too long to keep.
    public init(_ input: StandardInput.Line) {
        switch input {
        case .text(let line): self.init(parsing: line)
        case .tooLong(let byteCount): self = .tooLong(byteCount: byteCount)
        }
    }

    /// Parses one line; surrounding blanks and letter case do not matter.
    ///
    /// - Parameter line: The line, without its newline.
    public init(parsing line: String) {
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "check-in", "checkin": self = .checkIn
        case "status": self = .status
        case "history": self = .history
        case "back": self = .back
        case "alert": self = .alert
        case "ack", "acknowledge": self = .acknowledge
        case "cancel-alert": self = .cancelAlert
        case "help", "?": self = .help
        case "quit", "exit": self = .quit
        case "": self = .empty
        default: self = .unknown(line.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The help text.
    public static let helpText = """
        Commands:
          check-in      record a check-in now
          status        show the last check-in, the deadline, the alert and the sync queue
          history       open the history: the check-ins, newest first
          back          close the history
          alert         trigger an alert; a reminder follows every 5 minutes
          ack           acknowledge the alert: no more reminders (it stays active)
          cancel-alert  cancel the active alert
          help          show this list
          quit          sync what is pending and exit (end of input does the same)
        """
}
