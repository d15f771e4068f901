import ExampleTestSupport
import Foundation
import Testing

/// The data directory holds when someone was last known to be well, and the log more: whatever
/// the umask LifeSignal starts with, nobody else can read it.
@Suite struct DataDirectoryPermissionTests {
    /// The permission bits of `path`.
    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    /// Every file in `directory`, with its permission bits.
    static func modes(in directory: String) throws -> [String: Int] {
        var modes: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            modes[name] = try mode((directory as NSString).appendingPathComponent(name))
        }
        return modes
    }

    @Test(arguments: ["sqlite", "cloud functions"])
    func theDataDirectoryIs0700AndEveryFileIn0600WithAPermissiveUmask(backend: String) async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data/nested")
        var arguments = ["--data-dir", data, "--network", "none"]
        if backend == "cloud functions" {
            arguments += ["--functions-url", "http://127.0.0.1:\(unusedLoopbackPort())", "--token", "t"]
        }
        let app = try ChildProcess.lifeSignal(arguments: arguments, umask: 0)

        try await app.type("check-in", thenWaitFor: "Checked in at ")
        try await app.type("history", thenWaitFor: "History (1 check-in")
        let modes = try Self.modes(in: data)  // while it runs: the -wal and -shm files exist
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        #expect(try Self.mode(data) == 0o700)
        let database = backend == "sqlite" ? "lifesignal.sqlite" : "lifesignal-queue.sqlite"
        #expect(Set(modes.keys).isSuperset(of: [database, database + "-wal", database + "-shm", "lifesignal.log"]))
        #expect(modes.filter { $0.value != 0o600 }.isEmpty, "\(modes.mapValues { String($0, radix: 8) })")
        #expect(try Self.modes(in: data).filter { $0.value != 0o600 }.isEmpty)
    }

    /// Files an older version left readable by everyone are made private at the next start.
    @Test func filesLeftReadableByAnOlderVersionAreMadePrivate() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        let first = try ChildProcess.lifeSignal(arguments: ["--data-dir", data, "--network", "none"])
        try await first.type("check-in", thenWaitFor: "Checked in at ")
        try await first.killHard()  // leaves the -wal and -shm files behind
        for name in try FileManager.default.contentsOfDirectory(atPath: data) {
            chmod((data as NSString).appendingPathComponent(name), 0o644)
        }

        let second = try ChildProcess.lifeSignal(arguments: ["--data-dir", data, "--network", "none"], input: .none)
        #expect(try await second.waitForExit().status == 0)

        #expect(try Self.modes(in: data).filter { $0.value != 0o600 }.isEmpty)
    }
}
