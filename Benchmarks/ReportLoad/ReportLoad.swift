// How the DevTools report copes with a large recording: writes a synthetic recording of N
// actions, turns it into a report with the release AqueductDevTools, and loads the report in
// headless Chromium several times. See Benchmarks/README.md ("The DevTools report").
import Aqueduct
import Foundation
import SyntheticRecording

@main
struct ReportLoad {
    static let usage = """
        USAGE: ReportLoad [--records <count>] [--runs <count>] [--live-seconds <count>] [--rate <count>]
                          [--devtools <path>] [--chromium <path>] [--keep <directory>]

        Writes a synthetic recording of --records actions (default 100000), makes its report with
        AqueductDevTools (default: the root package's .build/release/AqueductDevTools; build it first with
        `swift build -c release --product AqueductDevTools`) and loads the report --runs times (default 5)
        in headless Chromium, printing the sizes and times. Then serves the recording live with
        `AqueductDevTools serve`, opens the page, and appends --rate actions a second (default 1000) for
        --live-seconds (default 20; 0 skips it), printing the longest task and frame gap while they
        arrive and the page's and the server's memory. --keep keeps the files in a directory.
        """

    static func main() throws {
        var records = 100_000
        var runs = 5
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var devtools = root.appendingPathComponent(".build/release/AqueductDevTools").path
        var chromium = "chromium"
        var keep: String?
        var liveSeconds = 20
        var rate = 1_000
        var arguments = CommandLine.arguments.dropFirst()[...]
        while let argument = arguments.popFirst() {
            switch (argument, arguments.first) {
            case ("--records", let value?): records = Int(value) ?? records
            case ("--runs", let value?): runs = Int(value) ?? runs
            case ("--devtools", let value?): devtools = value
            case ("--chromium", let value?): chromium = value
            case ("--keep", let value?): keep = value
            case ("--live-seconds", let value?): liveSeconds = Int(value) ?? liveSeconds
            case ("--rate", let value?): rate = Int(value) ?? rate
            case ("--help", _), ("-h", _):
                print(usage)
                return
            default:
                fail("unknown or incomplete argument '\(argument)'\n\(usage)", status: 64)
            }
            arguments = arguments.dropFirst()
        }
        guard FileManager.default.isExecutableFile(atPath: devtools) else {
            fail(
                "no AqueductDevTools at \(devtools): run `swift build -c release --product AqueductDevTools` at the root",
                status: 66
            )
        }

        let directory =
            keep.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("ReportLoad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let recording = directory.appendingPathComponent("recording.jsonl")
        let report = directory.appendingPathComponent("report.html")

        let started = ContinuousClock.now
        try Data(SyntheticSession.jsonLines(count: records)).write(to: recording)
        let written = ContinuousClock.now - started

        let reportStarted = ContinuousClock.now
        let (status, output) = try run(devtools, ["report", recording.path, "--output", report.path])
        let reportTime = ContinuousClock.now - reportStarted
        guard status == 0 else { fail("AqueductDevTools failed (\(status)): \(output)", status: 70) }

        var loads: [(load: Int, script: Int, wall: Duration)] = []
        for _ in 0..<runs {
            let began = ContinuousClock.now
            let (status, dom) = try run(
                chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,900",
                    "--user-data-dir=\(directory.appendingPathComponent("chromium-profile").path)",
                    "--virtual-time-budget=120000", "--dump-dom", report.absoluteString,
                ]
            )
            let wall = ContinuousClock.now - began
            guard status == 0, let load = attribute("data-load-ms", in: dom),
                let script = attribute("data-script-ms", in: dom)
            else { fail("Chromium did not draw the report (status \(status))", status: 70) }
            loads.append((load, script, wall))
        }

        func size(_ url: URL) -> String {
            let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
            return String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
        func milliseconds(_ duration: Duration) -> Int {
            Int(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
        let byLoad = loads.sorted { $0.load < $1.load }
        let median = byLoad[byLoad.count / 2]
        print(
            """
            ReportLoad — \(records) actions · \(ProcessInfo.processInfo.activeProcessorCount) cores · load \(loadAverage())

            | what | figure |
            |---|---|
            | recording (JSON Lines) | \(size(recording)), written in \(milliseconds(written)) ms |
            | report (one HTML file) | \(size(report)) |
            | `AqueductDevTools report` (release), wall | \(milliseconds(reportTime)) ms |
            | Chromium: page loaded (navigation start → first frame painted after the script), median of \(runs) | \(median.load) ms (min \(byLoad[0].load), max \(byLoad[byLoad.count - 1].load)) |
            | of which the report's script (parse the data, build the indices, draw the list and the details) | \(median.script) ms |
            | Chromium process, headless `--dump-dom` (prints the whole page), start to exit, median | \(milliseconds(loads.map(\.wall).sorted()[runs / 2])) ms |
            """
        )
        if liveSeconds > 0 {
            let live = try LiveLoad.measure(
                devtools: devtools,
                chromium: chromium,
                directory: directory,
                records: records,
                seconds: liveSeconds,
                rate: rate
            )
            func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
            print(
                """

                Live — `AqueductDevTools serve` (release) on the same recording, the page in headless Chromium · load \(loadAverage())

                | what | figure |
                |---|---|
                | page loaded (navigation start → first frame painted after the script; no record yet) | \(live.firstPaint) ms |
                | page holding all \(records) actions (navigation start → the last one added) | \(live.caughtUp) ms |
                | then \(live.appended) actions appended, \(rate) a second for \(liveSeconds) s: the longest task | \(live.longestTask) ms (\(live.longTasks) tasks over 50 ms) |
                | the longest gap between two frames while they arrived | \(live.longestFrameGap) ms |
                | the page's JavaScript heap in use (after a collection), before → after | \(megabytes(live.heap.start)) → \(megabytes(live.heap.end)) |
                | the server's resident memory, before → after (peak) | \(megabytes(live.server.start)) → \(megabytes(live.server.end)) (\(megabytes(live.server.peak))) |
                """
            )
        }
        if let keep { print("\nFiles kept in \(keep).") }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
        process.arguments = executable.contains("/") ? arguments : [executable] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func attribute(_ name: String, in dom: String) -> Int? {
        guard let range = dom.range(of: name + "=\"") else { return nil }
        return Int(dom[range.upperBound...].prefix { $0.isNumber })
    }

    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ") ?? "unknown"
    }

    static func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("ReportLoad: \(message)\n".utf8))
        exit(status)
    }
}
