// The live page under load: `AqueductDevTools serve` on a recording of N actions, opened in
// headless Chromium (driven through the DevTools protocol by the integration tests' own client,
// BrowserPage.swift, linked here), then a writer appending actions at a steady rate. Measures
// the page's first paint and the time until it holds the whole recording, the longest task and
// the longest gap between frames while records arrive, the page's JavaScript heap and the
// server's resident memory before and after. See Benchmarks/README.md ("The DevTools report").
import AqueductRecording
import Foundation
import SyntheticRecording

#if canImport(Glibc)
import Glibc
#endif

enum LiveLoad {
    struct Figures {
        var firstPaint: Int
        var caughtUp: Int
        var longestTask: Int
        var longTasks: Int
        var longestFrameGap: Int
        var heap: (start: Int, end: Int)
        var server: (start: Int, end: Int, peak: Int)
        var appended: Int
    }

    /// Serves `lines[..<records]`, opens the page, and appends the rest at `rate` lines a second.
    static func measure(
        devtools: String,
        chromium: String,
        directory: URL,
        records: Int,
        seconds: Int,
        rate: Int
    ) throws -> Figures {
        let appended = seconds * rate
        let text = try SyntheticSession.jsonLines(count: records + appended)
        var newlines: [Int] = []
        newlines.reserveCapacity(records + appended)
        for (offset, byte) in text.enumerated() where byte == UInt8(ascii: "\n") { newlines.append(offset) }
        let file = directory.appendingPathComponent("live.jsonl")
        try Data(text[...newlines[records - 1]]).write(to: file)

        let server = Process()
        server.executableURL = URL(fileURLWithPath: devtools)
        server.arguments = ["serve", file.path]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        var printed = ""
        while !printed.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw BrowserPage.Failure(description: "serve printed no URL") }
            printed += String(decoding: data, as: UTF8.self)
        }
        guard let start = printed.range(of: "http://127.0.0.1:"),
            let url = URL(string: String(printed[start.lowerBound...].prefix { !$0.isWhitespace }))
        else { throw BrowserPage.Failure(description: "serve printed no URL: \(printed)") }

        let executable = chromium.contains("/") ? chromium : Chromium.installed?.executable ?? chromium
        let page = try BrowserPage(url, chromium: Chromium(executable: executable), directory: directory)
        defer { page.close() }
        // In the page: long tasks (over 50 ms) and gaps between frames, from now on.
        try page.evaluate(
            """
            (() => {
              const m = window.liveLoad = { longestTask: 0, longTasks: 0, longestGap: 0, watching: false };
              new PerformanceObserver((entries) => {
                if (!m.watching) return;
                for (const task of entries.getEntries()) { m.longTasks++; m.longestTask = Math.max(m.longestTask, task.duration); }
              }).observe({ type: 'longtask' });
              let last = 0;
              const frame = (now) => {
                if (m.watching && last) m.longestGap = Math.max(m.longestGap, now - last);
                last = now;
                requestAnimationFrame(frame);
              };
              requestAnimationFrame(frame);
              return true;
            })()
            """
        )
        func wait(for count: Int) throws -> Int {
            guard
                case .integer(let at)? = try page.evaluate(
                    """
                    new Promise((resolve) => {
                      const check = () => document.body.dataset.live === 'live' && document.body.dataset.count === '\(count)'
                        ? resolve(Math.round(performance.now())) : setTimeout(check, 5);
                      check();
                    })
                    """
                )
            else { throw BrowserPage.Failure(description: "the page did not reach \(count) actions") }
            return Int(at)
        }
        let caughtUp = try wait(for: records)
        guard case .string(let paint)? = try page.evaluate("document.body.dataset.loadMs"), let firstPaint = Int(paint)
        else { throw BrowserPage.Failure(description: "the page did not paint") }
        let heapStart = try page.heapUsage().used
        let serverStart = resident(server.processIdentifier).current

        // The app: `rate` actions a second, written every 50 ms, for `seconds`.
        try page.evaluate("window.liveLoad.watching = true")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        let ticks = seconds * 20
        let began = ContinuousClock.now
        var written = records
        for tick in 1...ticks {
            let upTo = records + appended * tick / ticks
            try handle.write(contentsOf: Data(text[(newlines[written - 1] + 1)...newlines[upTo - 1]]))
            written = upTo
            let next = began + .milliseconds(50 * tick)
            let wait = next - .now
            if wait > .zero {
                Thread.sleep(
                    forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
                )
            }
        }
        try handle.close()
        _ = try wait(for: records + appended)
        try page.evaluate("window.liveLoad.watching = false")
        guard case .object(let watched)? = try page.evaluate("window.liveLoad") else {
            throw BrowserPage.Failure(description: "no figures from the page")
        }
        func number(_ name: String) -> Int {
            switch watched[name] {
            case .integer(let value)?: Int(value)
            case .double(let value)?: Int(value.rounded())
            default: -1
            }
        }
        let heapEnd = try page.heapUsage().used
        let serverEnd = resident(server.processIdentifier)
        return Figures(
            firstPaint: firstPaint,
            caughtUp: caughtUp,
            longestTask: number("longestTask"),
            longTasks: number("longTasks"),
            longestFrameGap: number("longestGap"),
            heap: (heapStart, heapEnd),
            server: (serverStart, serverEnd.current, serverEnd.peak),
            appended: appended
        )
    }

    /// A process's resident memory now and at its peak, in bytes (`/proc/PID/status`).
    static func resident(_ process: Int32) -> (current: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return (Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0) * 1_024
        }
        return (kilobytes("VmRSS"), kilobytes("VmHWM"))
    }
}
