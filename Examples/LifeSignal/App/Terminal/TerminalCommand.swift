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
    /// `settings`: show the check-in interval and the contact.
    case settings
    /// `interval SECONDS`: set how long a check-in lasts.
    case setInterval(Duration)
    /// `contact NAME`: set who is to be called when an alert is triggered; `contact none`
    /// (`nil`) for nobody.
    case setContact(String?)
    /// A command given a value it cannot take, and what it takes.
    case badValue(String)
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

    /// Parses one line; surrounding blanks and the letter case of the command do not matter
    /// (the contact's name is kept as typed).
    ///
    /// - Parameter line: The line, without its newline.
    public init(parsing line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: " ", maxSplits: 1)
        if parts.count == 2, let command = Self(parsing: String(parts[0]), value: String(parts[1])) {
            self = command
            return
        }
        let word = trimmed.lowercased()
        switch word {
        case "check-in", "checkin": self = .checkIn
        case "status": self = .status
        case "history": self = .history
        case "back": self = .back
        case "alert": self = .alert
        case "ack", "acknowledge": self = .acknowledge
        case "cancel-alert": self = .cancelAlert
        case "settings": self = .settings
        case "interval": self = .badValue(Self.intervalValue)
        case "contact": self = .badValue(Self.contactValue)
        case "help", "?": self = .help
        case "quit", "exit": self = .quit
        case "": self = .empty
        default: self = .unknown(line.trimmingCharacters(in: .whitespaces))
        }
    }

    /// A command that takes a value (`interval 3600`, `contact Ada Lovelace`), or `nil` when
    /// `word` is not one.
    private init?(parsing word: String, value: String) {
        let value = value.trimmingCharacters(in: .whitespaces)
        switch word.lowercased() {
        case "interval":
            let maximum = LifeSignalOptions.maximumInterval.components.seconds
            guard let seconds = Int64(value), (1...maximum).contains(seconds) else {
                self = .badValue(Self.intervalValue)
                return
            }
            self = .setInterval(.seconds(seconds))
        case "contact":
            self = .setContact(value.lowercased() == "none" ? nil : value)
        default:
            return nil
        }
    }

    private static let intervalValue =
        "'interval' needs a number of seconds from 1 to \(LifeSignalOptions.maximumInterval.components.seconds) "
        + "(366 days): 'interval 3600' for an hour."
    private static let contactValue = "'contact' needs a name: 'contact Ada', or 'contact none' for nobody."

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
          settings      show the check-in interval and the contact
          interval N    check in every N seconds from now on (kept when LifeSignal restarts)
          contact NAME  who to call when an alert is triggered; 'contact none' for nobody (kept too)
          help          show this list
          quit          sync what is pending and exit (end of input does the same)
        """
}
