import Aqueduct
import Foundation
import Testing

@MainActor
@Suite struct LogPrinterTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static let source = ActionSource(file: "App/Main.swift", function: "main()", line: 3)

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("aqueduct-\(UUID().uuidString).log").path
    }

    static func entry(_ action: String) -> String {
        """
        ┌─▶ \(action)
        │ source: App/Main.swift:3
        │ function: main()
        │ info: <nil>
        └────────────────────


        """
    }

    @Test func filePrinterAppendsAcrossTwoStores() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "earlier line\n".write(toFile: path, atomically: true, encoding: .utf8)

        let first = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: LoggerMiddleware(printer: try .file(path))
        )
        first.dispatch(.library(.refresh), from: Self.source)
        let second = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: LoggerMiddleware(printer: try .file(path))
        )
        second.dispatch(.playback(.didStop), from: Self.source)
        first.dispatch(.downloads(.interrupted), from: Self.source)

        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            contents == "earlier line\n" + Self.entry("library(LibraryAction.refresh)")
                + Self.entry("playback(PlaybackEvent.didStop)")
                + Self.entry("downloads(DownloadEvent.interrupted)")
        )
    }

    @Test func filePrinterCreatesAMissingFile() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let logger = LoggerMiddleware<AppAction, AppState>(printer: try .file(path))
        _ = logger.handle(action: .library(.refresh), from: Self.source, state: .constant(AppState()))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.entry("library(LibraryAction.refresh)"))
    }

    @Test func missingDirectoryIsReportedAtConstruction() {
        let path = "/aqueduct-missing-\(UUID().uuidString)/actions.log"
        do {
            _ = try LogPrinter.file(path)
            Issue.record("opening \(path) should have failed")
        } catch {
            #expect(error.path == path)
            #expect(error.code == ENOENT)
            #expect(error.description == "Cannot open log file \"\(path)\" for appending: No such file or directory")
        }
    }

    @Test func directoryIsReportedAtConstruction() {
        let path = FileManager.default.temporaryDirectory.path
        #expect(throws: LogPrinterError.self) { try LogPrinter.file(path) }
        do {
            _ = try LogPrinter.file(path)
        } catch {
            #expect(error.code == EISDIR)
            #expect(error.description.hasPrefix("Cannot open log file \"\(path)\" for appending: "))
        }
    }

    @Test func closurePrinterReceivesWholeEntries() {
        let transcript = Transcript()
        let logger = LoggerMiddleware<AppAction, AppState>(printer: transcript.printer)
        _ = logger.handle(action: .library(.refresh), from: Self.source, state: .constant(AppState()))
        _ = logger.handle(action: .playback(.didStop), from: Self.source, state: .constant(AppState()))
        #expect(
            transcript.entries == [
                Self.entry("library(LibraryAction.refresh)"), Self.entry("playback(PlaybackEvent.didStop)"),
            ]
        )
    }
}
