import Foundation
import Testing

import class Aqueduct.LockedValue

#if canImport(Glibc)
import CPseudoTerminal
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An executable of this package run as a child process, the one way the example tests do it:
/// lines typed on its standard input (a pipe) or none, its standard output and standard error
/// collected in regular files — or all three on a pseudo-terminal, as a person runs it — bounded
/// waits on what it writes and on its state, and a child still running when this is released is
/// killed.
///
/// Files, not pipes: once the child has exited everything it wrote is there, with no end of
/// file to wait for (a pipe's write end can leak into a sibling child spawned concurrently and
/// hold the end of file back).
///
/// ```swift
/// let counter = try ChildProcess("Counter", input: .pipe)
/// try counter.type("+")
/// try await counter.waitForOutput("count: 1")
/// ```
///
/// Not `Sendable`: a test owns it.
package final class ChildProcess {
    /// What the child reads.
    package enum Input {
        /// `/dev/null`: the end of input at once.
        case none
        /// A pipe the test writes with ``type(_:)`` and closes with ``closeInput()``.
        case pipe
        /// A pseudo-terminal for standard input, output and error: the child sees a terminal,
        /// what the test types is echoed as a terminal would, and ``output`` is what the screen
        /// received (``screen`` renders it). `errorOutput` is ignored.
        case terminal
    }

    /// Where the child's standard error goes.
    package enum ErrorOutput {
        /// A file of its own, read with ``errorOutput``.
        case separate
        /// The same file as standard output, interleaved as written.
        case mergedIntoOutput
    }

    private let process: Process
    private let input: Pipe?
    private let terminal: PseudoTerminal?
    private let outputURL: URL
    private let errorURL: URL?
    /// The directory of the product's copy an unprivileged child runs, removed with this.
    private let productCopy: URL?

    /// Starts `executable`, a product of this package.
    ///
    /// - Parameters:
    ///   - executable: The product's name.
    ///   - arguments: Its arguments.
    ///   - environment: Variables to set on top of this process's environment.
    ///   - removingEnvironment: Variables of this process's environment the child must not see.
    ///   - input: What it reads.
    ///   - errorOutput: Where its standard error goes.
    ///   - umask: The file-mode creation mask the child starts with, or `nil` for this process's.
    ///   - unprivileged: Whether the child runs as `nobody` when this process runs as root, so
    ///     that file permissions apply to it as they do to a person (a no-op otherwise). It runs
    ///     a copy of the product in a directory of its own under `/tmp`, which `nobody` can
    ///     reach wherever the clone is (in `/root`, or a private temporary folder, it could not).
    ///   - smallFileSystem: A directory where the child sees a tmpfs of this many bytes of its
    ///     own — a real file system that fills up — in a mount namespace made with `unshare -rm`
    ///     (see ``smallFileSystemsAvailable``). The test reads it through ``fileSystemPath(_:)``
    ///     while the child runs.
    /// - Throws: When the product is missing or cannot be started.
    package init(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String] = [:],
        removingEnvironment: [String] = [],
        input: Input = .none,
        errorOutput: ErrorOutput = .separate,
        umask: mode_t? = nil,
        unprivileged: Bool = false,
        smallFileSystem: (directory: String, bytes: Int)? = nil
    ) throws {
        // Typing to a child that has exited writes to a pipe nobody reads: with SIGPIPE at its
        // default action that kills the whole test process, every other test's result with
        // it. Ignored (process-wide, idempotent), the write fails with EPIPE and ``type(_:)``
        // throws. An ignored signal stays ignored through `exec`, and `Process` does not reset
        // it, so the child is started through `env --default-signal=PIPE`: it gets SIGPIPE as a
        // person's shell gives it.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        var product = try Self.productURL(executable)
        if unprivileged && geteuid() == 0 {
            product = try Self.copyEveryoneCanRun(product)
            productCopy = product.deletingLastPathComponent()
        } else {
            productCopy = nil
        }
        var launcher: [String] = []
        if let umask { launcher.append("umask \(String(umask, radix: 8)) &&") }
        launcher.append("exec")
        if unprivileged && geteuid() == 0 {
            launcher.append("setpriv --reuid=65534 --regid=65534 --clear-groups")
        }
        #if os(Linux)
        launcher.append("env --default-signal=PIPE")
        #endif
        if let smallFileSystem {
            // `unshare` and `exec` keep one process id: the product's, which signals and waits reach.
            let mount = "mount -t tmpfs -o size=\(smallFileSystem.bytes) tmpfs '\(smallFileSystem.directory)'"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments =
                [
                    "-rm", "/bin/sh", "-c", mount + " && " + launcher.joined(separator: " ") + " \"$0\" \"$@\"",
                    product.path,
                ]
                + arguments
        } else if launcher == ["exec"] {
            process.executableURL = product
            process.arguments = arguments
        } else {
            // `sh -c 'umask … && exec [setpriv …] env … "$0" "$@"' product arguments…`: the child
            // keeps the shell's process id, so signals and waits reach the product itself.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", launcher.joined(separator: " ") + " \"$0\" \"$@\"", product.path] + arguments
        }
        var childEnvironment = ProcessInfo.processInfo.environment
        for name in removingEnvironment { childEnvironment[name] = nil }
        childEnvironment.merge(environment) { _, new in new }
        process.environment = childEnvironment

        let name = "\(executable)-\(UUID())"
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".out")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        var errorHandle: FileHandle?
        switch errorOutput {
        case .separate:
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".err")
            try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
            errorHandle = try FileHandle(forWritingTo: url)
            errorURL = url
            process.standardError = errorHandle
        case .mergedIntoOutput:
            errorURL = nil
            process.standardError = output
        }
        switch input {
        case .none:
            self.input = nil
            self.terminal = nil
            process.standardInput = FileHandle.nullDevice
        case .pipe:
            let pipe = Pipe()
            self.input = pipe
            self.terminal = nil
            process.standardInput = pipe
        case .terminal:
            let terminal = try PseudoTerminal()
            self.input = nil
            self.terminal = terminal
            process.standardInput = terminal.child
            process.standardOutput = terminal.child
            process.standardError = terminal.child
        }
        self.process = process
        try process.run()
        try output.close()
        try errorHandle?.close()
        try terminal?.child.close()
    }

    deinit {
        if !ChildExit.hasExited(process) {
            kill(process.processIdentifier, SIGKILL)
            Wait.blocking(timeout: .seconds(10)) { ChildExit.hasExited(process) }
        }
        try? FileManager.default.removeItem(at: outputURL)
        if let errorURL { try? FileManager.default.removeItem(at: errorURL) }
        if let productCopy { try? FileManager.default.removeItem(at: productCopy) }
    }

    /// Where an unprivileged child's copy of a product goes: a directory every user may enter.
    package static let everyoneCanEnter = "/tmp"

    /// Whether an unprivileged child can be given a product it can run: ``everyoneCanEnter``
    /// lets every user in (its mode), or this process does not run as root (no child is made
    /// unprivileged).
    package static let unprivilegedChildrenCanRunProducts: Bool = {
        var status = stat()
        return geteuid() != 0
            || (stat(everyoneCanEnter, &status) == 0 && status.st_mode & S_IXOTH != 0)
    }()

    /// A copy of `product` that `nobody` can run: hard-linked (or copied, across file systems)
    /// into a new directory of mode 0755 under ``everyoneCanEnter``. The product itself may be
    /// in a directory `nobody` cannot enter, where `exec` would fail with "Permission denied".
    private static func copyEveryoneCanRun(_ product: URL) throws -> URL {
        let directory = URL(fileURLWithPath: everyoneCanEnter)
            .appendingPathComponent("aqueduct-unprivileged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try #require(chmod(directory.path, 0o755) == 0, "cannot open \(directory.path) to every user")
        let copy = directory.appendingPathComponent(product.lastPathComponent)
        if link(product.path, copy.path) != 0 {
            try FileManager.default.copyItem(at: product, to: copy)
        }
        try #require(chmod(copy.path, 0o755) == 0, "cannot make \(copy.path) runnable by every user")
        return copy
    }

    /// The child's process identifier.
    package var pid: pid_t { process.processIdentifier }

    /// Whether this machine lets a process mount a tmpfs of its own (`unshare -rm`), for
    /// `smallFileSystem`.
    package static let smallFileSystemsAvailable: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o size=4096 tmpfs /tmp"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        Wait.blocking(timeout: .seconds(30)) { ChildExit.hasExited(probe) }
        return ChildExit.status(of: probe)?.status == 0
    }()

    /// A path as the child sees it, for reading from this process: through `/proc/<pid>/root`,
    /// which shows the child's mounts (its `smallFileSystem`) while it runs.
    package func fileSystemPath(_ path: String) -> String {
        "/proc/\(pid)/root\(path)"
    }

    /// Everything written to standard output so far (and standard error, when merged); on a
    /// ``Input/terminal``, everything the screen received, with the terminal's `\r\n` as `\n`.
    package var output: String {
        if let terminal { return terminal.received.replacingOccurrences(of: "\r\n", with: "\n") }
        return (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }

    /// On a ``Input/terminal``: the lines as the screen shows them — a carriage return goes
    /// back to the start of the line, `ESC [ K` erases to its end.
    package var screen: [String] {
        var lines: [[Character]] = [[]]
        var column = 0
        var text = Substring(terminal?.received ?? "")
        while let character = text.popFirst() {
            switch character {
            case "\r\n", "\n":
                lines.append([])
                column = 0
            case "\r":
                column = 0
            case "\u{1B}" where text.hasPrefix("[K"):
                text = text.dropFirst(2)
                lines[lines.count - 1].removeSubrange(min(column, lines[lines.count - 1].count)...)
            default:
                if column < lines[lines.count - 1].count {
                    lines[lines.count - 1][column] = character
                } else {
                    lines[lines.count - 1].append(character)
                }
                column += 1
            }
        }
        return lines.map { String($0) }
    }

    /// Everything written to standard error so far, when it is ``ErrorOutput/separate``.
    package var errorOutput: String {
        errorURL.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// The complete lines of standard output so far (not the partial line after the last newline).
    package var lines: [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        return lines
    }

    /// The scheduler state letter in `/proc/<pid>/stat` (Linux; `T` is stopped), or `nil`.
    package var state: String? { Self.state(of: pid) }

    /// Types a line on the child's standard input.
    ///
    /// - Parameter line: The line, without its newline.
    package func type(_ line: String) throws {
        if let terminal {
            try terminal.parent.write(contentsOf: Data((line + "\n").utf8))
            return
        }
        let pipe = try #require(input, "the child was started without an input pipe")
        try pipe.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Types a line too long for a pipe's buffer (megabytes): written by a thread of its own,
    /// since the write lasts as long as the child takes to read it, and awaited without holding
    /// a thread of the cooperative pool.
    ///
    /// - Parameters:
    ///   - line: The line, without its newline.
    ///   - timeout: How long the child may take to read it.
    package func typeLongLine(_ line: String, timeout: Duration = .seconds(60)) async throws {
        let pipe = try #require(input, "the child was started without an input pipe")
        let handle = pipe.fileHandleForWriting
        let outcome = LockedValue<Result<Void, any Error>?>(nil)
        let data = Data((line + "\n").utf8)
        Thread {
            let result = Result { try handle.write(contentsOf: data) }
            outcome.withLock { $0 = result }
        }.start()
        try await Wait.until("the child to read the line", timeout: timeout) { outcome.withLock { $0 != nil } }
        try outcome.withLock { $0 }?.get()
    }

    /// Types `line` and waits until standard output contains `expected` `count` times in all.
    package func type(_ line: String, thenWaitFor expected: String, count: Int = 1) async throws {
        try type(line)
        try await waitForOutput(expected, count: count)
    }

    /// Ends the child's input: closes the pipe, or on a terminal types Ctrl-D at the start of
    /// a line, as a person would.
    package func closeInput() throws {
        if let terminal {
            try terminal.parent.write(contentsOf: Data([0x04]))
            return
        }
        try input?.fileHandleForWriting.close()
    }

    /// Sends `signal` to the child.
    package func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Kills the child with SIGKILL and waits for it.
    package func killHard() async throws {
        send(SIGKILL)
        _ = try await waitForExit()
    }

    /// Waits until standard output contains `expected` at least `count` times.
    package func waitForOutput(_ expected: String, count: Int = 1, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil(
            "\(count)× '\(expected)' on stdout; got:\n\(output)\nstderr:\n\(errorOutput.suffix(2000))",
            timeout: timeout
        ) { $0.output.components(separatedBy: expected).count - 1 >= count }
    }

    /// Waits until standard error contains `expected`.
    package func waitForErrorOutput(_ expected: String, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("'\(expected)' on stderr; got:\n\(errorOutput.suffix(2000))", timeout: timeout) {
            $0.errorOutput.contains(expected)
        }
    }

    /// Waits until the child has printed `count` complete lines.
    package func waitForLines(_ count: Int, timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("\(count) lines, got \(lines)", timeout: timeout) { $0.lines.count >= count }
    }

    /// Waits until the child is stopped (`T`).
    package func waitUntilStopped(timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("the child to stop, its state is \(state ?? "?")", timeout: timeout) { $0.state == "T" }
    }

    /// Waits until the child runs again (not `T`).
    package func waitUntilContinued(timeout: Duration = .seconds(30)) async throws {
        try await waitUntil("the child to continue, its state is \(state ?? "?")", timeout: timeout) {
            $0.state != "T"
        }
    }

    /// Waits until `condition` holds for the child.
    package func waitUntil(
        _ what: @autoclosure () -> String,
        timeout: Duration = .seconds(30),
        _ condition: (ChildProcess) throws -> Bool
    ) async throws {
        try await Wait.until(what(), timeout: timeout) { try condition(self) }
    }

    /// Waits for the child to exit; kills it if it does not in time.
    ///
    /// - Returns: Its status and why it ended.
    @discardableResult
    package func waitForExit(
        timeout: Duration = .seconds(30)
    ) async throws -> (status: Int32, reason: Process.TerminationReason) {
        do {
            try await waitUntil("the child to exit; stdout:\n\(output)", timeout: timeout) {
                ChildExit.hasExited($0.process)
            }
        } catch {
            kill(pid, SIGKILL)
            Wait.blocking(timeout: .seconds(10)) { ChildExit.hasExited(process) }
            throw error
        }
        return try #require(ChildExit.status(of: process))
    }

    /// The actions a `LoggerMiddleware` printed in `text`, in order: what follows each `┌─▶ `.
    ///
    /// - Parameter text: The child's output (or error output).
    /// - Returns: The action descriptions.
    package static func loggedActions(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            line.hasPrefix("┌─▶ ") ? String(line.dropFirst("┌─▶ ".count)) : nil
        }
    }

    /// An executable product of this package. Executables sit beside the test executable
    /// (Linux) or the `.xctest` bundle (macOS) in the build products directory; a test target
    /// that depends on an executable gets it built.
    ///
    /// - Parameter name: The product's name.
    /// - Returns: Its URL.
    /// - Throws: When it is not there.
    package static func productURL(_ name: String) throws -> URL {
        #if os(Linux)
        let testProduct = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let testProduct = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }).bundleURL
        #endif
        let url = testProduct.deletingLastPathComponent().appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "no \(name) at \(url.path)")
        return url
    }

    /// The state letter of process `pid` in `/proc/<pid>/stat` (Linux; `T` is stopped), or `nil`.
    ///
    /// - Parameter pid: The process.
    /// - Returns: The letter.
    package static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}

/// A pseudo-terminal pair: the child end becomes the child process's terminal, the parent end
/// is where the test types and what the screen received is collected, by a reader thread that
/// closes it once the child process, the last holder of the child end, is gone.
private final class PseudoTerminal: Sendable {
    let parent: FileHandle
    let child: FileHandle
    private let screen = LockedText()

    init() throws {
        let parentDescriptor = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard parentDescriptor >= 0 else { throw TerminalError(call: "posix_openpt", code: errno) }
        guard grantpt(parentDescriptor) == 0, unlockpt(parentDescriptor) == 0 else {
            throw TerminalError(call: "grantpt/unlockpt", code: errno)
        }
        var name = [CChar](repeating: 0, count: 128)
        guard ptsname_r(parentDescriptor, &name, name.count) == 0 else {
            throw TerminalError(call: "ptsname_r", code: errno)
        }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Close-on-exec, so that no sibling child spawned meanwhile keeps the terminal open.
        let childDescriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard childDescriptor >= 0 else { throw TerminalError(call: "open(\(path))", code: errno) }
        parent = FileHandle(fileDescriptor: parentDescriptor, closeOnDealloc: false)
        child = FileHandle(fileDescriptor: childDescriptor, closeOnDealloc: false)
        let screen = self.screen
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(parentDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // EIO once every child end is closed
                screen.append(buffer[..<count])
            }
            close(parentDescriptor)
        }
        reader.start()
    }

    /// What the screen received so far.
    var received: String { screen.text }
}

/// A pseudo-terminal call that failed, with its `errno`.
private struct TerminalError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed with errno \(code)" }
}

/// Bytes a reader thread appends and a test reads, behind a lock.
private final class LockedText: Sendable {
    private let bytes = LockedValue<[UInt8]>([])

    func append(_ more: ArraySlice<UInt8>) {
        bytes.withLock { $0.append(contentsOf: more) }
    }

    var text: String {
        bytes.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
