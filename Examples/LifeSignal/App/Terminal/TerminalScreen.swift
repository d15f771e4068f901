import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the person at the terminal sees: the app's answers, and a prompt whenever the app waits
/// for a command. The one writer of standard output, so answers that arrive while the prompt is
/// shown (an overdue deadline, a sync when the network comes back) do not land after it: the
/// prompt line is erased, the answer printed, the prompt shown again below.
///
/// The prompt is drawn only on a terminal (standard input and output both are); a pipe or a
/// file gets the answers alone.
///
/// ```swift
/// let screen = TerminalScreen(printer: .standardOutput, prompt: TerminalScreen.interactivePrompt)
/// screen.say("Checked in.")
/// screen.showPrompt()
/// ```
///
/// Isolation: `@MainActor`.
@MainActor
public final class TerminalScreen {
    /// `"> "` when standard input and standard output are terminals, otherwise `nil`.
    public static var interactivePrompt: String? {
        isatty(0) == 1 && isatty(1) == 1 ? "> " : nil
    }

    private let printer: LogPrinter
    private let prompt: String?
    /// Whether the app waits for a command (so the prompt belongs on the screen).
    private var isWaitingForInput = false
    /// Whether the prompt is the last thing on the screen.
    private var isPromptShown = false
    /// Whether the app is on its way out and prompts no more.
    private var isClosed = false

    /// Creates a screen.
    ///
    /// - Parameters:
    ///   - printer: Where the text goes: standard output in the app, a closure in tests.
    ///   - prompt: The prompt, or `nil` to draw none.
    public init(printer: LogPrinter, prompt: String? = nil) {
        self.printer = printer
        self.prompt = prompt
    }

    /// Prints `text` and a newline, above the prompt if it is shown.
    ///
    /// - Parameter text: One or more lines, without the final newline.
    public func say(_ text: String) {
        if isPromptShown {
            printer.print("\r\u{1B}[K" + text + "\n" + (prompt ?? ""))
        } else {
            printer.print(text + "\n")
        }
    }

    /// The app waits for a command: shows the prompt (once).
    public func showPrompt() {
        guard !isClosed else { return }
        isWaitingForInput = true
        guard let prompt, !isPromptShown else { return }
        printer.print(prompt)
        isPromptShown = true
    }

    /// A line was entered: the terminal moved to the next line, the app works on the command.
    public func lineEntered() {
        isWaitingForInput = false
        isPromptShown = false
    }

    /// The app is on its way out: the prompt is taken off the screen for good, so what follows
    /// ("Syncing and saving…", "Bye.") ends the transcript.
    public func stopPrompting() {
        isWaitingForInput = false
        if isPromptShown { printer.print("\r\u{1B}[K") }
        isPromptShown = false
        isClosed = true
    }

    /// The process is being suspended (Ctrl-Z): the shell takes the screen and writes below
    /// whatever is there.
    public func suspend() {
        isPromptShown = false
    }

    /// The process came back to the foreground (`fg`): the shell wrote over the screen, so the
    /// prompt is drawn again — at the start of the line, over whatever is left there — if the
    /// app waits for a command.
    public func resume() {
        guard isWaitingForInput, let prompt else { return }
        printer.print("\r\u{1B}[K" + prompt)
        isPromptShown = true
    }
}
