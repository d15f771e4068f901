import ExampleTestSupport
import Foundation
import Testing

#if os(Linux)
import Glibc

/// ``ChildExit`` reads how a child ended from the kernel, and leaves it for `Process` to reap.
@Suite(.timeLimit(.minutes(3))) struct ChildExitTests {
    private static func start(_ script: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func anExitStatusIsReadAndTheChildIsLeftForProcessToReap() async throws {
        let process = try Self.start("exit 3")
        try await Wait.until("the child to exit", timeout: .seconds(30)) { ChildExit.hasExited(process) }
        let exit = try #require(ChildExit.status(of: process))
        #expect(exit.status == 3)
        #expect(exit.reason == .exit)
        // Not reaped here: `Process` still hears of the exit and says the same.
        try await Wait.until("Process to see the exit", timeout: .seconds(30)) { !process.isRunning }
        #expect(process.terminationStatus == 3)
        #expect(process.terminationReason == .exit)
    }

    @Test func aChildKilledByASignalIsReportedWithTheSignal() async throws {
        let process = try Self.start("exec sleep 60")
        #expect(ChildExit.status(of: process) == nil)  // running
        kill(process.processIdentifier, SIGKILL)
        try await Wait.until("the child to exit", timeout: .seconds(30)) { ChildExit.hasExited(process) }
        let exit = try #require(ChildExit.status(of: process))
        #expect(exit.status == SIGKILL)
        #expect(exit.reason == .uncaughtSignal)
    }

    /// What `Process` may never hear of (its SIGCHLD lost, as under ThreadSanitizer): a child it
    /// does not watch, spawned directly.
    @Test func theKernelSaysHowAChildNobodyReapedEndedAndLeavesItAZombie() async throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", "exit 7"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        try #require(posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0)
        try await Wait.until("the child to exit", timeout: .seconds(30)) {
            ChildExit.status(ofProcessID: pid) != nil
        }
        let exit = try #require(ChildExit.status(ofProcessID: pid))
        #expect(exit.status == 7)
        #expect(exit.reason == .exit)
        // Still there to be reaped, with the same status.
        var status: Int32 = 0
        #expect(waitpid(pid, &status, WNOHANG) == pid)
        #expect((status >> 8) & 0xff == 7)
        #expect(ChildExit.status(ofProcessID: pid) == nil)  // reaped: nothing to report
    }

    @Test func aBlockingWaitGivesUpAtItsBound() {
        var checks = 0
        #expect(
            !Wait.blocking(timeout: .milliseconds(50)) {
                checks += 1
                return false
            }
        )
        #expect(checks > 1)
        #expect(Wait.blocking(timeout: .seconds(1)) { true })
    }
}
#endif
