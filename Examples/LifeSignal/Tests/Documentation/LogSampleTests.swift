import Aqueduct
import CheckInAdapters
import Foundation
import LifeSignalApp
import LifecycleAdapters
import ReachabilityAdapters
import ReachabilityClient
import Testing

/// The log samples of the README and the Bridges article are what LifeSignal logs when it
/// starts: the same composition root, the lifecycle adapter's start-up activation, the real
/// sources and bridge lines. A sample that drifts from the code (a moved line, a renamed
/// bridge) fails here.
///
/// The time limit is a failure bound only: the test awaits the log's entries as the logger
/// prints them.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct LogSampleTests {
    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Documentation
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // LifeSignal
        .deletingLastPathComponent()  // Examples
        .deletingLastPathComponent()

    /// The fenced blocks of a Markdown file that show logger output: they contain `┌─▶` or `│ info:`.
    static func logSamples(in document: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent(document), encoding: .utf8)
        return text.components(separatedBy: "```").enumerated().compactMap { index, chunk in
            guard index % 2 == 1 else { return nil }  // inside a fence
            let body = chunk.drop { $0 != "\n" }.dropFirst()  // the language tag's line
            return body.contains("┌─▶") || body.contains("│ info:") ? String(body) : nil
        }
    }

    @Test(arguments: ["README.md", "Sources/Aqueduct/Aqueduct.docc/Bridges.md"])
    func theSamplesAreWhatTheAppLogs(document: String) async throws {
        // Every entry the logger prints arrives on this stream; the test reads it until the
        // start-up refresh is logged. An await on the app's own output, not a wall-clock wait:
        // a busy machine makes it slower, never failing (the suite's time limit stops a hang).
        let (entries, logger) = AsyncStream.makeStream(of: String.self)
        let store = LifeSignalApp.makeStore(
            clients: LifeSignalClients(
                backend: LifeSignalBackend(client: .inMemory(), summary: "memory"),
                lifecycle: ScriptedLifecycle([.didBecomeActive]).client,
                pathMonitor: ManualPathMonitor(initial: .disconnected).client
            ),
            logger: .closure { logger.yield($0) }
        )
        var log = ""
        for await entry in entries {
            log += entry
            if log.contains("checkIn(CheckInAction.activeAlertLoaded(nil))")
                && log.contains("reachability(ReachabilityEvent.disconnected)")
            {
                break
            }
        }
        _ = store

        let samples = try Self.logSamples(in: document)
        #expect(!samples.isEmpty)
        for sample in samples {
            #expect(log.contains(sample), "not in the log:\n\(sample)\nThe log:\n\(log)")
        }
    }
}
