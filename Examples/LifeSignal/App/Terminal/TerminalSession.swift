import Aqueduct
import CheckIn
import Foundation

/// The LifeSignal terminal: reads commands line by line, dispatches them to the store, waits
/// until each one is answered, and prints what it shows (results of operations are printed by
/// ``TerminalReporter``).
///
/// `quit` and the end of input dispatch ``AppAction/lifecycle(_:)`` with `willTerminate`, as a
/// signal would: the bridges flush, and the app exits once ``AppState/isReadyToExit``.
///
/// Isolation: `@MainActor`. Run it from a detached task that feeds it the lines:
///
/// ```swift
/// let session = TerminalSession(store: store, output: .standardOutput)
/// Task.detached { await session.run(lines: StandardInput.lines()) }
/// ```
@MainActor
public final class TerminalSession {
    private let store: Store<AppAction, AppState>
    private let output: LogPrinter

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - store: The app's store.
    ///   - output: Where the session prints.
    public init(store: Store<AppAction, AppState>, output: LogPrinter) {
        self.store = store
        self.output = output
    }

    /// Reads and runs commands until `quit` or the end of `lines`.
    ///
    /// - Parameter lines: The lines typed, without newlines.
    public func run(lines: some AsyncSequence<String, Never>) async {
        for await line in lines {
            if await perform(TerminalCommand(parsing: line)) == false { return }
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
            for await busy in store.values(of: \.checkIn.isCheckingIn) where !busy { break }
        case .status:
            say(TerminalText.status(store.state.checkIn))
        case .history:
            store.dispatch(.checkIn(.refresh))
            for await busy in store.values(of: \.checkIn.isRefreshing) where !busy { break }
            say(TerminalText.history(store.state.checkIn.history))
        case .alert:
            store.dispatch(.checkIn(.triggerAlert))
            for await busy in store.values(of: \.checkIn.isChangingAlert) where !busy { break }
        case .cancelAlert:
            store.dispatch(.checkIn(.cancelAlert))
            for await busy in store.values(of: \.checkIn.isChangingAlert) where !busy { break }
        case .help:
            say(TerminalCommand.helpText)
        case .quit:
            if !store.state.isTerminating {
                say("Syncing and saving…")
                store.dispatch(.lifecycle(.willTerminate))
            }
            return false
        case .empty:
            break
        case .unknown(let word):
            say("Unknown command '\(word)'. Type 'help' for the list of commands.")
        }
        return true
    }

    private func say(_ text: String) {
        output.print(text + "\n")
    }
}
