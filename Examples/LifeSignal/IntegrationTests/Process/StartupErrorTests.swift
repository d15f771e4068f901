import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Arguments and files LifeSignal cannot use: a clear message on standard error, a non-zero
/// status, never a crash and never a touched file.
@Suite struct StartupErrorTests {
    @Test func aGarbageDatabaseFileIsNamedAndLeftAlone() async throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("data"), withIntermediateDirectories: true)
        let database = directory.path("data/lifesignal.sqlite")
        let garbage = Data("this is not a database, it is a shopping list\n".utf8)
        try garbage.write(to: URL(fileURLWithPath: database))

        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])
        let (status, reason) = try await app.waitForExit()

        #expect(reason == .exit)
        #expect(status == 65)
        #expect(app.errorOutput == "LifeSignal: \(database) is not a SQLite database (refusing to touch it)\n")
        #expect(app.output.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == garbage)
    }

    @Test(arguments: [
        (["--network", "maybe"], "LifeSignal: --network must be 'live' or 'none', not 'maybe'"),
        (["--frobnicate"], "LifeSignal: unknown option '--frobnicate'"),
        (["--data-dir"], "LifeSignal: --data-dir needs a value"),
        (
            ["--interval", "-5"],
            "LifeSignal: --interval needs a number of seconds from 1 to 31622400 (366 days), not '-5'"
        ),
        (
            ["--interval", "15990000000000"],
            "LifeSignal: --interval needs a number of seconds from 1 to 31622400 (366 days), not '15990000000000'"
        ),
        (["--data-dir", ""], "LifeSignal: --data-dir needs a directory, not an empty string"),
        (
            ["--functions-url", "http://127.0.0.1:9", "--token", "abc\r\ndef"],
            "LifeSignal: the token holds a control character (a line break?), which cannot be sent in an HTTP header: "
                + "check --token or LIFESIGNAL_TOKEN"
        ),
        (
            ["--functions-url", "http://127.0.0.1:9"],
            "LifeSignal: the functions URL http://127.0.0.1:9 needs a token: pass --token or set LIFESIGNAL_TOKEN"
        ),
        (
            ["--functions-url", "not a url", "--token", "t"],
            "LifeSignal: the functions URL 'not a url' is not an http(s) URL"
        ),
    ])
    func badArgumentsExitWithUsage(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data")] + arguments)
        let (status, reason) = try await app.waitForExit()

        #expect(reason == .exit)
        #expect(status == 64)
        #expect(app.errorOutput.hasPrefix(message + "\nusage: LifeSignal"))
        #expect(app.output.isEmpty)
    }

    /// SQLite says only "unable to open database file"; LifeSignal says why and what to do.
    @Test func aDirectoryInPlaceOfTheDatabaseIsNamedWithWhatToDo() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("data/lifesignal.sqlite")
        try FileManager.default.createDirectory(atPath: database, withIntermediateDirectories: true)

        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--network", "none"])
        let (status, _) = try await app.waitForExit()

        #expect(status == 65)
        #expect(
            app.errorOutput
                == "LifeSignal: cannot open the check-in database \(database): it is a directory, not a database file. "
                + "Move it out of the way, fix its permissions, or choose another data directory with --data-dir.\n"
        )
    }

    /// A data directory this user cannot write (run as `nobody` when the tests run as root, for
    /// whom no directory is read-only; `nobody` runs a copy of LifeSignal it can reach, wherever
    /// the clone is).
    @Test(
        .enabled(
            if: ChildProcess.unprivilegedChildrenCanRunProducts,
            "runs LifeSignal as nobody, from a copy in \(ChildProcess.everyoneCanEnter), which nobody cannot enter here"
        )
    )
    func aReadOnlyDataDirectorySaysPermissionDeniedAndWhatToDo() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(chmod(data, 0o555) == 0)
        defer { chmod(data, 0o755) }

        let app = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", data, "--network", "none", "--log", "-"],
            unprivileged: true
        )
        let (status, _) = try await app.waitForExit()

        #expect(status == 65)
        #expect(
            app.errorOutput
                == "LifeSignal: cannot open the check-in database \(data)/lifesignal.sqlite: permission denied: "
                + "this user cannot create or write files in \(data). "
                + "Move it out of the way, fix its permissions, or choose another data directory with --data-dir.\n"
        )
    }

    @Test func aLogFileThatCannotBeOpenedIsNamed() async throws {
        let directory = try TemporaryDirectory()
        let log = directory.path("no/such/dir/log.txt")
        let app = try ChildProcess.lifeSignal(arguments: ["--data-dir", directory.path("data"), "--log", log])
        let (status, _) = try await app.waitForExit()

        #expect(status == 73)
        #expect(app.errorOutput.hasPrefix("LifeSignal: cannot open the log file: "))
        #expect(app.errorOutput.contains(log))
    }
}
