import Aqueduct
import AqueductPersistence
import AqueductRecording
import CheckIn
import CheckInAdapters
import CheckInClient
import Foundation
import Lifecycle
import LifecycleClient
import Reachability
import ReachabilityClient
import TerminalInput

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The composition root of LifeSignal: the one place that picks the clients — a set,
/// ``LifeSignalClients`` — and wires the check-in, lifecycle and reachability features — each
/// once — with bridges, the logger, the terminal, and what is kept across restarts
/// (``LifeSignalPersistence``: the settings and the last screen).
///
/// ```swift
/// let store = LifeSignalApp.makeStore(clients: .preview)
/// ```
///
/// Isolation: `@MainActor`.
@MainActor
public enum LifeSignalApp {
    /// Builds the app's store, from the settings and the screen saved in the clients' storage;
    /// its features' middlewares start before it is returned. What was saved but cannot be
    /// used is said on `screen`, and the store starts from the defaults.
    ///
    /// - Parameters:
    ///   - clients: The clients the features talk to: ``LifeSignalClients/live(_:)``,
    ///     ``LifeSignalClients/preview``, or a test's.
    ///   - persistence: What is kept across restarts, or `nil` for the one ``persistence(clients:screen:)``
    ///     declares.
    ///   - interval: How long a check-in lasts, in place of the saved interval (and saved with
    ///     the next action); `nil` for the saved one, 24 hours when none is saved.
    ///   - logger: Where the logger writes.
    ///   - screen: Where the results of operations are printed for the person at the terminal.
    ///   - showsStateChanges: Whether the logger shows state changes.
    ///   - clock: The clock of the overdue deadline.
    ///   - now: The current date.
    ///   - reminderInterval: The time between two reminders of the alert notice, on `clock`.
    ///   - recorder: Where a ``RecorderMiddleware`` in front of the others records every action,
    ///     or `nil` to record nothing.
    /// - Returns: The store.
    public static func makeStore(
        clients: LifeSignalClients,
        persistence: LifeSignalPersistence? = nil,
        interval: Duration? = nil,
        logger: LogPrinter = .standardError,
        screen: TerminalScreen = TerminalScreen(printer: .standardOutput),
        showsStateChanges: Bool = false,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        reminderInterval: Duration = .seconds(5 * 60),
        recorder: RecordingWriter? = nil
    ) -> Store<AppAction, AppState> {
        let persistence = persistence ?? Self.persistence(clients: clients, screen: screen)
        var state = AppState(checkIn: CheckInState(hasSyncQueue: clients.backend.sync != nil))
        for error in persistence.load(into: &state) { screen.say(LifeSignalPersistence.describe(error)) }
        if let interval { state.checkIn.interval = interval }
        let persisted = feature(
            clients: clients,
            persistence: persistence,
            logger: logger,
            screen: screen,
            showsStateChanges: showsStateChanges,
            clock: clock,
            now: now,
            reminderInterval: reminderInterval
        )
        guard let recorder else { return Store(initialState: state, feature: persisted) }
        // First, so that it sees each action before the others and times all of them.
        let recorded = Feature(middleware: RecorderMiddleware<AppAction, AppState>(writer: recorder)) <> persisted
        return Store(initialState: state, feature: recorded)
    }

    /// The app's feature, as ``makeStore(clients:persistence:interval:logger:screen:showsStateChanges:clock:now:reminderInterval:recorder:)``
    /// composes it, without a recorder: what a replay of a recording runs (`ActionReplay`).
    ///
    /// - Parameters:
    ///   - clients: The clients the features talk to.
    ///   - persistence: What is kept across restarts, or `nil` for the one ``persistence(clients:screen:)``
    ///     declares.
    ///   - logger: Where the logger writes.
    ///   - screen: Where the results of operations are printed.
    ///   - showsStateChanges: Whether the logger shows state changes.
    ///   - clock: The clock of the overdue deadline.
    ///   - now: The current date.
    ///   - reminderInterval: The time between two reminders of the alert notice, on `clock`.
    /// - Returns: The feature.
    public static func feature(
        clients: LifeSignalClients,
        persistence: LifeSignalPersistence? = nil,
        logger: LogPrinter = .standardError,
        screen: TerminalScreen = TerminalScreen(printer: .standardOutput),
        showsStateChanges: Bool = false,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        reminderInterval: Duration = .seconds(5 * 60)
    ) -> Feature<AppAction, AppState> {
        let (backend, lifecycle, pathMonitor) = (clients.backend, clients.lifecycle, clients.pathMonitor)
        let actionLog = LoggerMiddleware<AppAction, AppState>(showsStateChanges: showsStateChanges, printer: logger)
        let checkIn = Feature(
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: backend.client, sync: backend.sync, clock: clock, now: now)
        )
        let app =
            Feature(middleware: actionLog)
            <> Feature(reducer: AppState.reducer, middleware: lifeSignalBridges <> TerminalReporter(screen: screen))
            <> Feature(middleware: AppLifecycleMiddleware(client: lifecycle).lift(action: \AppAction.Cases.lifecycle))
            <> ReachabilityState.feature(client: pathMonitor)
            .lift(action: \AppAction.Cases.reachability, state: \AppState.reachability)
            <> checkIn.lift(action: \AppAction.Cases.checkIn, state: \AppState.checkIn)
            <> navigation(client: backend.client, clock: clock, reminderInterval: reminderInterval)
        let persistence = persistence ?? Self.persistence(clients: clients, screen: screen)
        // Last: it sees each part as the features left it.
        return app <> persistence.feature
    }

    /// What LifeSignal keeps across restarts, in the clients' storage; a change that cannot be
    /// saved is said on `screen`. (What cannot be loaded, `makeStore` says.)
    ///
    /// - Parameters:
    ///   - clients: The set whose ``LifeSignalClients/storage`` keeps them.
    ///   - screen: Where a failed save is said.
    /// - Returns: The persisted parts.
    public static func persistence(clients: LifeSignalClients, screen: TerminalScreen) -> LifeSignalPersistence {
        LifeSignalPersistence(storage: clients.storage) { error in
            guard case .writeFailed = error else { return }  // Load errors: `makeStore` says them.
            let text = LifeSignalPersistence.describe(error)
            Task { @MainActor in screen.say(text) }
        }
    }

    /// The app's navigation: the history screens on the stack ``AppState/path``, and the alert
    /// notice presented in ``AppState/alertNotice``, each lifted once. Their effects end with
    /// them: a popped screen's load, a dismissed notice's reminders.
    ///
    /// ```swift
    /// let store = TestStore(
    ///     initialState: AppState(),
    ///     feature: Feature(reducer: AppState.reducer)
    ///         <> LifeSignalApp.navigation(client: .inMemory(), clock: clock, reminderInterval: .seconds(60))
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - client: Where the history screens load the check-ins from.
    ///   - clock: The clock the alert notice's reminders wait on.
    ///   - reminderInterval: The time between two reminders.
    /// - Returns: The feature, composed after the app's reducer, which presents the notice.
    public static func navigation(
        client: CheckInClient,
        clock: any Clock<Duration>,
        reminderInterval: Duration
    ) -> Feature<AppAction, AppState> {
        HistoryScreen.feature(client: client).lift(action: \AppAction.Cases.path, elements: \AppState.path)
            <> AlertNotice.feature(clock: clock, every: reminderInterval)
            .lift(action: \AppAction.Cases.alertNotice, state: \AppState.alertNotice)
    }

    /// Runs LifeSignal until `quit`, the end of input or a terminating signal: parses the
    /// command line and the environment, picks the live clients (``LifeSignalClients/live(_:)``:
    /// it opens the backend) and opens the action log (a file in the data directory unless `--log`
    /// says otherwise), builds the store from the saved settings and screen, reads commands from
    /// standard input, and exits with status 0 once the last flush is over and the settings and
    /// the screen are written. Bad arguments and unusable files end the process with a
    /// message on standard error and a non-zero status.
    public static func run() async -> Never {
        // Standard output or error closed under it (`| head`) must not kill the app in the middle
        // of a check-in: the write fails with EPIPE instead, and the printers go on.
        signal(SIGPIPE, SIG_IGN)
        let options: LifeSignalOptions
        do {
            options = try LifeSignalOptions.parse(
                Array(CommandLine.arguments.dropFirst()),
                environment: ProcessInfo.processInfo.environment
            )
        } catch {
            fail("\(error)", status: 64)
        }
        let screen = TerminalScreen(printer: .standardOutput, prompt: TerminalScreen.interactivePrompt)
        if options.showsHelp {
            screen.say(LifeSignalOptions.usage + "\n\n" + TerminalCommand.helpText)
            finish(status: 0)
        }
        let clients: LifeSignalClients
        let logger: LogPrinter
        let recorder: RecordingWriter?
        do throws(LifeSignalStartupError) {
            clients = try LifeSignalClients.live(options)  // opens the backend: creates the data directory
            logger = try openLog(options)
            recorder = try openRecording(options)
        } catch {
            fail(error.description, status: error.exitStatus)
        }

        let backend = clients.backend
        screen.say("LifeSignal — checking in with the \(backend.summary).")
        if let path = options.logPath { screen.say("The action log is in \(path).") }
        if let path = options.recordPath { screen.say("Recording the session to \(path).") }
        screen.say("Type 'help' for the commands.")
        // Outside the store: the backend's notices go to the screen, not through an action.
        Task { for await notice in backend.notices { screen.say(notice) } }
        let persistence = Self.persistence(clients: clients, screen: screen)
        let store = makeStore(
            clients: clients,
            persistence: persistence,
            interval: options.interval,
            logger: logger,
            screen: screen,
            showsStateChanges: options.showsStateChanges,
            recorder: recorder
        )
        let session = TerminalSession(store: store, screen: screen)
        // Outside the store, as a person is: the terminal's reader dispatches what is typed.
        Task.detached { await session.run(lines: StandardInput.lines()) }

        for await isReady in store.values(of: \.isReadyToExit, .removingDuplicates) where isReady { break }
        // The store is not released before `exit`: the settings and the screen are written now.
        persistence.flush()
        if let recorder, !recorder.flush(timeout: .seconds(5)) {
            screen.say("The recording could not write everything in time; a gap line in it says what is missing.")
        }
        screen.say(TerminalText.goodbye(store.state.checkIn, queuePath: backend.queuePath))
        finish(status: 0)
    }

    /// The action log the options select.
    private static func openLog(_ options: LifeSignalOptions) throws(LifeSignalStartupError) -> LogPrinter {
        guard let path = options.logPath else { return .standardError }
        do throws(LogPrinterError) {
            return try LogPrinter.file(path)
        } catch {
            throw .logFile(error)
        }
    }

    /// The recording `--record` asks for, or `nil`: never one of LifeSignal's own files (the
    /// databases, their `-wal` and `-shm` files, the log), which appending records would corrupt.
    /// The writer itself refuses links, FIFOs and devices, and creates the file `0600`.
    private static func openRecording(_ options: LifeSignalOptions) throws(LifeSignalStartupError) -> RecordingWriter? {
        guard let path = options.recordPath else { return nil }
        let directory = options.dataDirectory
        let storage = FileStorage(directory: directory)
        var ownFiles = [
            (LifeSignalBackend.databasePath(in: directory), "check-in database"),
            (LifeSignalBackend.queuePath(in: directory), "sync queue database"),
            (storage.path(forKey: "settings"), "saved settings"),
            (storage.path(forKey: "screen"), "saved screen"),
        ]
        ownFiles += ownFiles.flatMap { file, name in
            [(file + "-wal", name + " (its write-ahead log)"), (file + "-shm", name + " (its shared-memory index)")]
        }
        if let log = options.logPath { ownFiles.append((log, "action log")) }
        var recording = stat()
        if stat(path, &recording) == 0 {
            for (file, name) in ownFiles {
                var own = stat()
                if stat(file, &own) == 0, own.st_dev == recording.st_dev, own.st_ino == recording.st_ino {
                    throw .recording(.refusedPath(path: path, reason: "it is LifeSignal's \(name) (\(file))"))
                }
            }
        }
        do throws(RecorderError) {
            return try RecordingWriter(path: path)
        } catch {
            throw .recording(error)
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        LogPrinter.standardError.print(message + "\n")
        finish(status: status)
    }

    /// Exits; `exit` flushes what `print` buffered. The app's own output is written unbuffered
    /// anyway, and the input reader uses `read(2)`, so no C stream lock is held by a thread
    /// waiting for a line.
    private static func finish(status: Int32) -> Never {
        exit(status)
    }
}
