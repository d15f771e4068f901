import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A command run as a child process in a directory: standard output and standard error
/// collected together in a file, the wait bounded (a hang guard, not a time assertion).
struct ChildCommand {
    let status: Int32
    let output: String

    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` with `arguments` in `directory`.
    static func run(
        _ executable: String,
        _ arguments: [String],
        in directory: URL,
        timeout: Duration = .seconds(1_200)
    ) async throws -> ChildCommand {
        let log = directory.appendingPathComponent(".child-\(UUID().uuidString).log")
        // A file that could not be created makes FileHandle(forWritingTo:) below throw.
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try handle.close()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw Timeout(description: "\(executable) \(arguments.joined(separator: " ")) ran over \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let output = String(decoding: FileManager.default.contents(atPath: log.path) ?? Data(), as: UTF8.self)
        return ChildCommand(status: process.terminationStatus, output: output)
    }

    /// Runs the toolchain's `swift` with `arguments` in `directory`.
    static func swift(_ arguments: [String], in directory: URL) async throws -> ChildCommand {
        try await run("/usr/bin/env", ["swift"] + arguments, in: directory)
    }
}
