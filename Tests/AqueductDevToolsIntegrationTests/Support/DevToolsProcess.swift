import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The built `AqueductDevTools` executable run as a child process, as a person or a script runs
/// it: with a umask of the test's choosing, its standard output in a file or on a pipe nobody
/// reads, and every signal at its default action, whatever this test process ignores.
struct DevToolsProcess {
    /// How the child ended: its exit status, or the signal that killed it.
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case killed(by: Int32)

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .killed(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// Where the child's standard output goes.
    enum Output {
        /// A file, read back into ``output``.
        case file
        /// A pipe whose read end is closed before the child starts: its first write raises
        /// SIGPIPE (or fails with `EPIPE` where SIGPIPE is ignored).
        case closedPipe
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let ending: Ending
    let output: String
    let errors: String

    /// Sets initialised spawn `attributes` so that the child starts with every signal at its
    /// default action and none blocked: an ignored SIGPIPE would be inherited through exec and
    /// hide the child's own handling.
    static func setDefaultSignals(_ attributes: inout posix_spawnattr_t) {
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    }

    /// The executable beside the test product.
    static func executable() throws -> String {
        let testProduct = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = testProduct.deletingLastPathComponent().appendingPathComponent("AqueductDevTools").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "no AqueductDevTools at \(path)")
        }
        return path
    }

    /// Runs `AqueductDevTools arguments…` and waits for it to end.
    ///
    /// - Parameters:
    ///   - arguments: The command line after the program's name.
    ///   - umask: The file-mode creation mask the child starts with.
    ///   - output: Where its standard output goes.
    ///   - directory: A folder of the test's own, for the output files.
    static func run(
        _ arguments: [String],
        umask: mode_t = 0o022,
        output: Output = .file,
        in directory: URL
    ) throws -> DevToolsProcess {
        #if canImport(Glibc)
        let executable = try executable()
        let name = "devtools-\(UUID().uuidString)"
        let outputPath = directory.appendingPathComponent(name + ".out").path
        let errorPath = directory.appendingPathComponent(name + ".err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        switch output {
        case .file:
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .closedPipe:
            guard pipe(&pipeEnds) == 0 else { throw Failure(description: "pipe() failed") }
            Glibc.close(pipeEnds[0])
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        }
        defer { if pipeEnds[1] >= 0 { Glibc.close(pipeEnds[1]) } }
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        DevToolsProcess.setDefaultSignals(&attributes)

        let command =
            ["/bin/sh", "-c", "umask \(String(umask, radix: 8)) && exec \"$0\" \"$@\"", executable] + arguments
        var argv = command.map { strdup($0) } + [nil]
        var envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        if pipeEnds[1] >= 0 {
            Glibc.close(pipeEnds[1])
            pipeEnds[1] = -1
        }
        var waitStatus: Int32 = 0
        while waitpid(child, &waitStatus, 0) < 0 {
            guard errno == EINTR else {
                throw Failure(description: "waitpid failed: \(String(cString: strerror(errno)))")
            }
        }
        // WIFEXITED / WTERMSIG, which Glibc does not import as functions.
        let signal = waitStatus & 0x7f
        let ending: Ending = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .killed(by: signal)
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        return DevToolsProcess(ending: ending, output: read(outputPath), errors: read(errorPath))
        #else
        throw Failure(description: "DevToolsProcess runs the tool on Linux only")
        #endif
    }
}
