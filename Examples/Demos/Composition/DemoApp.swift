import Aqueduct
import Lifecycle
import LifecycleClient
import Reachability
import ReachabilityClient

/// The composition root of the lifecycle and reachability demos: the store, its features and
/// their clients, chosen in one place, each feature wired once.
@MainActor
public enum DemoApp {
    /// Builds the demos' store.
    ///
    /// - Parameters:
    ///   - clients: The clients the features talk to: ``DemoClients/live(_:)``,
    ///     ``DemoClients/preview``, or a test's.
    ///   - printer: Where the logger writes.
    ///   - showsStateChanges: Whether the logger shows state changes.
    /// - Returns: The store; its middlewares start before it is returned.
    public static func makeStore(
        clients: DemoClients,
        printer: LogPrinter = .standardOutput,
        showsStateChanges: Bool = false
    ) -> Store<DemoAction, DemoState> {
        let logger = LoggerMiddleware<DemoAction, DemoState>(showsStateChanges: showsStateChanges, printer: printer)
        let demo =
            Feature(middleware: logger)
            <> Feature(reducer: DemoState.reducer, middleware: demoBridges)
            <> Feature(
                middleware: AppLifecycleMiddleware(client: clients.lifecycle).lift(action: \DemoAction.Cases.lifecycle)
            )
            <> ReachabilityState.feature(client: clients.pathMonitor)
            .lift(action: \DemoAction.Cases.reachability, state: \DemoState.reachability)
        return Store(initialState: DemoState(), feature: demo)
    }

    /// Runs a demo until the process is terminated: parses the command line, builds the store
    /// with the live set of clients the options select, and lets the logger print.
    ///
    /// - Parameter defaults: The demo's default options.
    public static func run(defaults: DemoOptions) async {
        let options: DemoOptions
        do {
            options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()), defaults: defaults)
        } catch {
            LogPrinter.standardError.print("\(error)\n")
            exitProcess(64)
        }
        let store = makeStore(
            clients: .live(options),
            showsStateChanges: options.showsStateChanges
        )
        // The signal adapter ends the process after willTerminate; until then, keep the store.
        while true {
            try? await Task.sleep(for: .seconds(3_600))
            _ = store.state
        }
    }
}
