import Aqueduct
import CheckIn
import Foundation
import PrintableText
import TerminalInput

/// The LifeSignal terminal: shows the prompt, reads commands line by line, dispatches them to
/// the store, waits until each one is answered, and prints what it shows (results of operations
/// are printed by ``TerminalReporter``), all through one ``TerminalScreen``. Like a view, it
/// drives the history screen and the alert notice through their projections.
///
/// `quit` and the end of input dispatch ``AppAction/lifecycle(_:)`` with `willTerminate`, as a
/// signal would: the bridges flush, and the app exits once ``AppState/isReadyToExit``.
///
/// Isolation: `@MainActor`. Run it from a detached task that feeds it the lines:
///
/// ```swift
/// let session = TerminalSession(store: store, screen: screen)
/// Task.detached { await session.run(lines: StandardInput.lines()) }
/// ```
@MainActor
public final class TerminalSession {
    private let store: Store<AppAction, AppState>
    private let screen: TerminalScreen

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - store: The app's store.
    ///   - screen: Where the session prints, the screen the app's ``TerminalReporter`` uses.
    public init(store: Store<AppAction, AppState>, screen: TerminalScreen) {
        self.store = store
        self.screen = screen
    }

    /// Reads and runs commands until `quit` or the end of `lines`, showing the prompt before
    /// each.
    ///
    /// - Parameter lines: The lines typed, as ``StandardInput`` reads them.
    public func run(lines: some AsyncSequence<StandardInput.Line, Never>) async {
        // The screen that was open when the app last ran, restored in the state: shown again.
        if let id = store.state.path.ids.last { await showHistory(id) }
        screen.showPrompt()
        for await line in lines {
            screen.lineEntered()
            if await perform(TerminalCommand(line)) == false { return }
            screen.showPrompt()
        }
        await perform(.quit)
    }

    /// Runs one command and waits until it is answered.
    ///
    /// - Parameter command: The command.
    /// - Returns: `false` after `quit`, `true` otherwise.
    @discardableResult
    public func perform(_ command: TerminalCommand) async -> Bool {
        switch command {
        case .checkIn:
            store.dispatch(.checkIn(.checkIn))
            for await busy in store.values(of: \.checkIn.isCheckingIn, .removingDuplicates) where !busy { break }
        case .status:
            say(TerminalText.status(store.state.checkIn))
        case .history:
            store.dispatch(.path(.push(HistoryScreen())))
            guard let id = store.state.path.ids.last else { break }
            await showHistory(id)
        case .back:
            guard !store.state.path.isEmpty else {
                say("There is no screen to go back from.")
                break
            }
            store.dispatch(.path(.pop))
            say("Closed the history.")
        case .alert:
            store.dispatch(.checkIn(.triggerAlert))
            for await busy in store.values(of: \.checkIn.isChangingAlert, .removingDuplicates) where !busy { break }
            store.projection(presented: \.alertNotice, action: \.alertNotice)?.dispatch(.onAppear)
        case .acknowledge:
            guard let notice = store.projection(presented: \.alertNotice, action: \.alertNotice) else {
                say("There is no alert notice to acknowledge.")
                break
            }
            notice.dispatch(.acknowledge)
            say("Acknowledged: no more reminders. The alert stays active until 'cancel-alert'.")
        case .cancelAlert:
            store.dispatch(.checkIn(.cancelAlert))
            for await busy in store.values(of: \.checkIn.isChangingAlert, .removingDuplicates) where !busy { break }
        case .settings:
            say(TerminalText.settings(store.state.checkIn))
        case .setInterval(let interval):
            store.dispatch(.checkIn(.setInterval(interval)))
            say("Check-ins now last \(TerminalText.interval(interval)).")
        case .setContact(let contact):
            store.dispatch(.checkIn(.setContact(contact)))
            say(contact.map { "Your contact is now \(PrintableText.escaping($0))." } ?? "You have no contact now.")
        case .badValue(let message):
            say(message)
        case .help:
            say(TerminalCommand.helpText)
        case .quit:
            // As a signal would: the reporter says goodbye, the bridges flush.
            if !store.state.isTerminating { store.dispatch(.lifecycle(.willTerminate)) }
            return false
        case .empty:
            break
        case .tooLong(let byteCount):
            say(TerminalText.lineTooLong(byteCount))
        case .unknown(let word):
            say("Unknown command '\(PrintableText.escaping(word))'. Type 'help' for the list of commands.")
        }
        return true
    }

    /// Loads the history screen `id` of the stack and shows it.
    private func showHistory(_ id: StackID) async {
        guard let history = store.projection(element: id, in: \.path, action: \.path) else { return }
        history.dispatch(.onAppear)
        for await loading in history.values(of: \.isLoading, .removingDuplicates) where !loading { break }
        say(TerminalText.history(history.state))
    }

    private func say(_ text: String) {
        screen.say(text)
    }
}
