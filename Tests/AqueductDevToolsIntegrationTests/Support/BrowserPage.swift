import Aqueduct
import AqueductRecording
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A report open in headless Chromium that a test drives: clicks, keys, typing, scrolling, and
/// reading the document back, through the DevTools protocol.
///
/// Chromium is started with `--remote-debugging-pipe`: it reads protocol messages on its file
/// descriptor 3 and writes answers on 4, each a JSON object ended by a NUL byte. The test
/// attaches to the page and evaluates expressions in it (the protocol's evaluation is not
/// bound by the page's content security policy, which forbids any other script). Every wait
/// happens in the page (an expression may return a promise) and every read has a deadline, so
/// a browser that hangs fails the test instead of stopping the run.
///
/// A browser that exits is a failure of the test that drove it, never of the run: writing to
/// the command pipe of a browser that is gone raises SIGPIPE, whose default action would kill
/// the whole test process (every other test's result with it), so the pipe is written with
/// SIGPIPE ignored and the write's `EPIPE` becomes a ``Failure``.
final class BrowserPage {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// Whether Chromium was gone: its command pipe closed.
        var isGone = false
    }

    /// Chromium's process identifier.
    private(set) var process: pid_t
    private var toBrowser: Int32
    private var fromBrowser: Int32
    private var received: [UInt8] = []
    private var nextID = 1
    private var session = ""
    private var isClosed = false
    /// Chromium's standard output and error: its end is quoted when Chromium goes away.
    private var log: String

    /// How many times Chromium is started before a page fails: on a busy machine with many
    /// tests starting browsers at once, one now and then exits at once, saying nothing.
    static let launches = 3

    /// Opens `page` and waits until the report's script has drawn it.
    init(_ page: URL, chromium: Chromium, directory: URL) throws {
        #if canImport(Glibc)
        (process, toBrowser, fromBrowser, log) = try Self.launch(page, chromium: chromium, directory: directory)
        var launch = 1
        var targets: [String: JSONValue]
        while true {
            do {
                targets = try call("Target.getTargets", [:], inSession: false)
                break
            } catch let failure as Failure where launch < Self.launches && failure.isGone {
                Glibc.close(toBrowser)
                Glibc.close(fromBrowser)
                var status: Int32 = 0
                waitpid(process, &status, 0)
                usleep(useconds_t(250_000 * launch))
                launch += 1
                (process, toBrowser, fromBrowser, log) = try Self.launch(page, chromium: chromium, directory: directory)
                received = []
            }
        }
        guard case .array(let infos)? = targets["targetInfos"],
            let target = infos.first(where: { $0.member("type") == .string("page") })?.member("targetId")
        else { throw Failure(description: "Chromium opened no page") }
        guard
            case .string(let sessionID)? = try call(
                "Target.attachToTarget",
                ["targetId": target, "flatten": .bool(true)],
                inSession: false
            )["sessionId"]
        else { throw Failure(description: "cannot attach to the page") }
        session = sessionID
        try waitUntilReady()
        #else
        throw Failure(description: "BrowserPage drives Chromium on Linux only")
        #endif
    }

    #if canImport(Glibc)
    /// Starts Chromium on `page`, its protocol on two pipes: its process, the pipe's ends to and
    /// from it, and the path of its log.
    private static func launch(
        _ page: URL,
        chromium: Chromium,
        directory: URL
    ) throws -> (pid_t, Int32, Int32, String) {
        // Process-wide and idempotent: no test of this process wants to die of a closed pipe.
        signal(SIGPIPE, SIG_IGN)
        var commands: [Int32] = [0, 0]
        var answers: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&answers) == 0 else { throw Failure(description: "pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, answers[1], 4)
        for descriptor in commands + answers { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let log = directory.appendingPathComponent("chromium-\(UUID().uuidString).log").path
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = [
            chromium.executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--mute-audio", "--remote-debugging-pipe",
            "--user-data-dir=\(directory.appendingPathComponent("profile-\(UUID().uuidString)").path)",
            "--window-size=1400,900", page.absoluteString,
        ]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        let status = posix_spawn(&child, chromium.executable, &actions, nil, &argv, &envp)
        Glibc.close(commands[0])
        Glibc.close(answers[1])
        guard status == 0 else {
            Glibc.close(commands[1])
            Glibc.close(answers[0])
            throw Failure(description: "cannot start \(chromium.executable): \(String(cString: strerror(status)))")
        }
        return (child, commands[1], answers[0], log)
    }
    #endif

    /// Waits until the report's script has drawn the page. Attaching can happen while the
    /// page is still replacing the blank one Chromium starts with; an evaluation in the blank
    /// page's context then ends with "Execution context was destroyed", and is asked again in
    /// the report's (a bounded number of times).
    private func waitUntilReady() throws {
        var attempts = 0
        while true {
            do {
                try waitInPageForReady()
                return
            } catch let failure as Failure where failure.description.contains("context") && attempts < 20 {
                attempts += 1
            }
        }
    }

    private func waitInPageForReady() throws {
        let ready = try evaluate(
            """
            new Promise((resolve) => {
              const check = () => document.body && document.body.dataset.ready === 'true'
                ? resolve(true) : setTimeout(check, 10);
              check();
            })
            """
        )
        guard ready == .bool(true) else { throw Failure(description: "the report's script did not finish") }
    }

    deinit { close() }

    /// Evaluates `expression` in the page and returns its value; a promise is awaited.
    @discardableResult
    func evaluate(_ expression: String) throws -> JSONValue? {
        let result = try call(
            "Runtime.evaluate",
            ["expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true)],
            inSession: true
        )
        if let exception = result["exceptionDetails"] {
            throw Failure(description: "the page threw evaluating \(expression): \(exception.jsonText)")
        }
        return result["result"]?.member("value")
    }

    /// The text of the element with `id`, or `nil` when there is none.
    func text(ofElementWithID id: String) throws -> String? {
        guard case .string(let text)? = try evaluate("document.getElementById('\(id)')?.innerText ?? null") else {
            return nil
        }
        return text
    }

    /// The `data-seq` of the rows in the document, in their order on screen.
    func rowSeqs() throws -> [Int] {
        let value = try evaluate(
            """
            [...document.querySelectorAll('.row')]
              .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
              .map((row) => Number(row.dataset.seq))
            """
        )
        guard case .array(let seqs)? = value else { return [] }
        return seqs.compactMap { if case .integer(let seq) = $0 { Int(seq) } else { nil } }
    }

    /// Sends a key to the list, as pressing it there would.
    func press(_ key: String, times: Int = 1) throws {
        try evaluate(
            """
            for (let i = 0; i < \(times); i++) {
              document.getElementById('list').dispatchEvent(new KeyboardEvent('keydown', { key: '\(key)', bubbles: true }));
            }
            """
        )
    }

    /// Waits until the page has run its timers due within `milliseconds` (the filter waits
    /// for typing to pause) and drawn a frame: ordering, not timing, since a timer set later
    /// for later runs after the earlier ones.
    func settle(after milliseconds: Int = 0) throws {
        try evaluate(
            "new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), \(milliseconds)))"
        )
    }

    func close() {
        #if canImport(Glibc)
        guard !isClosed else { return }
        isClosed = true
        _ = try? call("Browser.close", [:], inSession: false)
        Glibc.close(toBrowser)
        Glibc.close(fromBrowser)
        var status: Int32 = 0
        if waitpid(process, &status, WNOHANG) == 0 {
            kill(process, SIGKILL)
            waitpid(process, &status, 0)
        }
        #endif
    }

    /// The page's JavaScript heap after a garbage collection: the bytes in use and the heap's
    /// size (the protocol's `Runtime.getHeapUsage`).
    func heapUsage() throws -> (used: Int, total: Int) {
        _ = try call("HeapProfiler.collectGarbage", [:], inSession: true)
        let usage = try call("Runtime.getHeapUsage", [:], inSession: true)
        func bytes(_ name: String) -> Int {
            switch usage[name] {
            case .integer(let value)?: Int(value)
            case .double(let value)?: Int(value)
            default: 0
            }
        }
        return (bytes("usedSize"), bytes("totalSize"))
    }

    /// Sends one protocol command and returns its `result`.
    private func call(
        _ method: String,
        _ parameters: [String: JSONValue],
        inSession: Bool
    ) throws -> [String: JSONValue] {
        #if canImport(Glibc)
        let id = nextID
        nextID += 1
        var message: [String: JSONValue] = [
            "id": .integer(Int64(id)), "method": .string(method), "params": .object(parameters),
        ]
        if inSession { message["sessionId"] = .string(session) }
        var bytes = Array(JSONValue.object(message).jsonText.utf8) + [0]
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(toBrowser, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let reason = written < 0 ? String(cString: strerror(errno)) : "nothing written"
                let logged = FileManager.default.contents(atPath: log) ?? Data()
                let said = String(decoding: logged.suffix(600), as: UTF8.self)
                throw Failure(
                    description: "Chromium closed its command pipe (\(reason)) before \(method); its log ends: \(said)",
                    isGone: true
                )
            }
            offset += written
        }
        while true {
            if let end = received.firstIndex(of: 0) {
                let answer = try JSONDecoder().decode(JSONValue.self, from: Data(received[..<end]))
                received.removeSubrange(...end)
                guard answer.member("id") == .integer(Int64(id)) else { continue }  // an event, or another answer
                if let error = answer.member("error") {
                    throw Failure(description: "\(method) failed: \(error.jsonText)")
                }
                guard case .object(let result)? = answer.member("result") else { return [:] }
                return result
            }
            var poller = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 120_000) == 1 else {
                throw Failure(description: "Chromium did not answer \(method) within two minutes")
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "Chromium closed its answer pipe during \(method)") }
            received += chunk[..<count]
        }
        #else
        throw Failure(description: "BrowserPage drives Chromium on Linux only")
        #endif
    }
}

extension JSONValue {
    /// The member `name` of an object; `nil` for anything else.
    fileprivate func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { return members[name] }
        return nil
    }
}
