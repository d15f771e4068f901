import ExampleTestSupport
import Testing

/// `Counter` as a person runs it: commands typed on its standard input, read by a thread
/// blocked in `read(2)` between lines.
@Suite struct CounterTerminalTests {
    @Test func answersEachCommandAndLogsIt() async throws {
        let counter = try ChildProcess("Counter", input: .pipe)
        try await counter.type("+", thenWaitFor: "count: 1")
        try await counter.type("+", thenWaitFor: "count: 2")
        try await counter.type("-", thenWaitFor: "count: 1")
        try await counter.type("dance", thenWaitFor: "Unknown command 'dance'.")
        try counter.type("quit")
        let (status, _) = try await counter.waitForExit()
        #expect(status == 0)
        #expect(ChildProcess.loggedActions(in: counter.errorOutput) == ["increment", "increment", "decrement"])
        #expect(counter.errorOutput.contains("│ source: Counter/main.swift:"))
    }

    /// While the reader thread waits for a line, the effect's result arrives: the logger must
    /// print it and the store process it, with no line typed. (A reader that held the lock of the
    /// C `stdin` stream, as `readLine()` does, would make a printer that flushed every C stream
    /// wait, and with it the main actor, until the next line.)
    @Test func anEffectResultIsLoggedAndProcessedWhileTheReaderWaitsForALine() async throws {
        let counter = try ChildProcess("Counter", input: .pipe)
        try await counter.type("later", thenWaitFor: "count: 1")
        try await counter.waitForErrorOutput("info: Sent by an effect of incrementLater")
        #expect(ChildProcess.loggedActions(in: counter.errorOutput) == ["incrementLater", "increment"])
        #expect(counter.state != "T")
        try counter.closeInput()
        let (status, _) = try await counter.waitForExit()
        #expect(status == 0)
    }
}
