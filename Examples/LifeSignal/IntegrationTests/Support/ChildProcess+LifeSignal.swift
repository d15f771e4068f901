import ExampleTestSupport
import Foundation

extension ChildProcess {
    /// `LifeSignal` as a child process, commands typed on its standard input, with none of
    /// LifeSignal's environment variables from the test's environment.
    ///
    /// - Parameters:
    ///   - arguments: Its command line.
    ///   - environment: Variables to set.
    ///   - onATerminal: Whether it runs on a pseudo-terminal, as a person runs it, rather than
    ///     with pipes and files.
    ///   - input: What it reads when not on a terminal: a pipe the test types on, or nothing.
    ///   - umask: The file-mode creation mask it starts with, or `nil` for the test's.
    ///   - unprivileged: Whether it runs as `nobody` when the tests run as root.
    ///   - smallFileSystem: A directory where it sees a tmpfs of this many bytes of its own.
    /// - Returns: The running app.
    static func lifeSignal(
        arguments: [String],
        environment: [String: String] = [:],
        onATerminal: Bool = false,
        input: Input = .pipe,
        umask: mode_t? = nil,
        unprivileged: Bool = false,
        smallFileSystem: (directory: String, bytes: Int)? = nil
    ) throws -> ChildProcess {
        try ChildProcess(
            "LifeSignal",
            arguments: arguments,
            environment: environment,
            removingEnvironment: ["LIFESIGNAL_DATA_DIR", "LIFESIGNAL_FUNCTIONS_URL", "LIFESIGNAL_TOKEN"],
            input: onATerminal ? .terminal : input,
            umask: umask,
            unprivileged: unprivileged,
            smallFileSystem: smallFileSystem
        )
    }
}
