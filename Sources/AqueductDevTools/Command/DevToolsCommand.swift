import Aqueduct
import AqueductRecording

/// The command line of `AqueductDevTools`: `report RECORDING.jsonl [--output FILE]`,
/// `serve RECORDING.jsonl [--port N]`, `test RECORDING.jsonl --from A --to B`, `--help`.
///
/// `run` parses the arguments, does the work and returns the exit status; it writes through the
/// two closures it is given, so a test runs it in process and sees what a terminal would.
struct DevToolsCommand {
    /// Writes to standard output.
    let standardOutput: (String) -> Void
    /// Writes to standard error.
    let standardError: (String) -> Void

    static let usage = """
        OVERVIEW: Aqueduct's developer tools: turn an action recording into a report you open in a browser,
        watch it live as the app records, or make a range of it a regression test.

        USAGE: AqueductDevTools report <recording.jsonl> [--output <report.html>] [--title <text>]
                                       [--last <count>] [--max-bytes <count>] [--max-line-bytes <count>]
               AqueductDevTools serve <recording.jsonl> [--port <number>] [--title <text>]
                                      [--max-line-bytes <count>]
               AqueductDevTools test <recording.jsonl> --from <seq> --to <seq> [--name <Name>]
                                     [--using <Type>] [--session <number>] [--output <folder>]
               AqueductDevTools --help

        COMMANDS:
          report    Writes one self-contained HTML file (no network, no external file) showing the
                    timeline of the recorded actions, the causal tree (bridged from, sent by an
                    effect of, dispatched during), each action's source, info lines and state diff,
                    a text filter and the state at any point, rebuilt from the diffs.
          serve     Serves the same page live on this machine's loopback interface (127.0.0.1 and
                    ::1) and follows the recording as the app writes it: new actions appear as they
                    are recorded, a new session is a row of its own, and a file replaced or
                    truncated (rotated) is read again from its start. The recording need not exist
                    yet. It prints a URL with a random token; only a request with that token, sent
                    to 127.0.0.1, localhost or [::1] at the port and not from another site's page,
                    is answered. Runs until interrupted (Ctrl-C).
          test      Turns the records #from…#to into a regression test: writes <Name>.jsonl, the
                    records of the range (with the later records they set off, and a record set off
                    before the range sent from outside), and <Name>.swift, a Swift Testing suite
                    that replays them with ActionReplay. The suite takes the initial state, the
                    app's Feature and the decoding of outside actions from the type --using names
                    (static initialState, static func feature(), static decoding), or has marked
                    placeholders (<#...#>) to fill. A range that starts after the session's first
                    record needs the state before it: a placeholder, with the recorded values.

        OPTIONS:
          -o, --output <report.html>  Where to write the report (default: the recording's path
                                      with .html instead of .jsonl). Replaced if it exists.
          --last <count>              report: only the recording's last <count> lines (its latest
                                      actions, with the session headers and gaps among them); the
                                      lines before them are not read.
          --max-bytes <count>         report: the most of a recording read, in bytes (default:
                                      \(RecordingWindow.defaultMaximumBytes), 256 MB). A larger recording is refused:
                                      report its end with --last, or follow it with serve, which
                                      reads a recording of any size as a stream.
          -p, --port <number>         serve: the port to listen on (default: 0, a free port).
          --from, --to <seq>          test: the first and last record of the range.
          --name <Name>               test: the suite's name and the files' (default: Replay<from>To<to>).
          --using <Type>              test: the test target's type that gives the replay its app.
          --session <number>          test: the session of the range, from 1, when several have it.
          -o, --output <folder>       test: where the two files go (default: the current folder).
          --title <text>              The report's title (default: the recording's file name).
          --max-line-bytes <count>    The longest line read from the recording (default: \(ActionRecording.defaultMaximumLineLength)).
          -h, --help                  Shows this help.

        EXIT STATUS:
          0 the report was written, or serve was stopped by SIGINT or SIGTERM; 64 the command line is
          wrong (or --output is the recording); 65 the recording has a line that is not a record, too
          long or out of order, or no record at all (test: none in the range, or a gap in it), or
          is more than --max-bytes; 66 the recording cannot be opened (serve: it is not a regular
          file, or its folder does not exist); 69 serve cannot listen on the port (in use); 73 the
          report cannot be created (or its path is a link, a FIFO or a device); 74
          reading or writing failed part way. The report is private (mode 0600), like the
          recording. serve skips a line it cannot read, with a warning on the page.

        EXAMPLE:
          swift run AqueductDevTools report session.jsonl --output report.html
          swift run AqueductDevTools serve session.jsonl --port 8765
          swift run AqueductDevTools test session.jsonl --from 12 --to 19 --name AlertIsKept \\
              --using AppReplay --output Tests/AppTests/Replays

        """

    static let usageHint = "Run 'AqueductDevTools --help' for the usage."

    /// The options of `report`.
    struct ReportOptions: Equatable {
        var recording: String
        var output: String
        var title: String
        var maximumLineLength = ActionRecording.defaultMaximumLineLength
        /// `--last`: report only the recording's last lines.
        var lastLines: Int?
        /// `--max-bytes`: the most of the recording read.
        var maximumBytes = RecordingWindow.defaultMaximumBytes
    }

    /// The options of `serve`.
    struct ServeOptions: Equatable {
        var recording: String
        var port = 0
        var title: String
        var maximumLineLength = ActionRecording.defaultMaximumLineLength
    }

    /// What the arguments ask for.
    enum Request: Equatable {
        case help
        case report(ReportOptions)
        case serve(ServeOptions)
        case test(TestOptions)
    }

    /// Runs the command.
    ///
    /// - Parameter arguments: The arguments, without the program's name.
    /// - Returns: The exit status.
    func run(_ arguments: [String]) -> ExitStatus {
        do {
            switch try Self.parse(arguments) {
            case .help:
                standardOutput(Self.usage)
            case .report(let options):
                try report(options)
            case .serve(let options):
                try serve(options)
            case .test(let options):
                try test(options)
            }
            return .success
        } catch {
            standardError("error: \(error.message)\n")
            return error.status
        }
    }

    /// Reads the arguments.
    ///
    /// - Throws: A usage error naming what is wrong.
    static func parse(_ arguments: [String]) throws(DevToolsError) -> Request {
        guard let command = arguments.first else { throw .usage("Missing a command.") }
        if ["-h", "--help", "help"].contains(command) { return .help }
        if command == "test" { return try parseTest(arguments.dropFirst()) }
        guard command == "report" || command == "serve" else { throw .usage("Unknown command '\(command)'.") }
        let isServe = command == "serve"
        var recording: String?
        var output: String?
        var port = 0
        var title: String?
        var maximumLineLength = ActionRecording.defaultMaximumLineLength
        var lastLines: Int?
        var maximumBytes = RecordingWindow.defaultMaximumBytes
        var rest = arguments.dropFirst()[...]
        func value(of option: String) throws(DevToolsError) -> String {
            guard let value = rest.popFirst() else { throw .usage("Missing a value after \(option).") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "-o", "--output":
                guard !isServe else { throw .usage("serve writes no file: --output is for report.") }
                output = try value(of: argument)
            case "-p", "--port":
                guard isServe else { throw .usage("report serves nothing: --port is for serve.") }
                let text = try value(of: argument)
                guard let number = Int(text), (0...65_535).contains(number) else {
                    throw .usage("--port takes a port number from 0 to 65535, not '\(text)'.")
                }
                port = number
            case "--title":
                title = try value(of: argument)
            case "--last", "--max-bytes":
                guard !isServe else {
                    throw .usage("serve reads the whole recording as a stream: \(argument) is for report.")
                }
                let text = try value(of: argument)
                guard let count = Int(text), count > 0 else {
                    throw .usage("\(argument) takes a positive number, not '\(text)'.")
                }
                if argument == "--last" { lastLines = count } else { maximumBytes = count }
            case "--max-line-bytes":
                let text = try value(of: argument)
                guard let count = Int(text), count > 0 else {
                    throw .usage("--max-line-bytes takes a positive number of bytes, not '\(text)'.")
                }
                maximumLineLength = count
            case _ where argument.hasPrefix("-") && argument != "-" && argument.count > 1:
                throw .usage("Unknown option '\(argument)'.")
            default:
                guard recording == nil else {
                    throw .usage("Unexpected argument '\(argument)': one recording at a time.")
                }
                recording = argument
            }
        }
        guard let recording else {
            throw .usage("Missing the recording to \(isServe ? "serve" : "report on") (a .jsonl file).")
        }
        if isServe {
            return .serve(
                ServeOptions(
                    recording: recording,
                    port: port,
                    title: title ?? fileName(of: recording),
                    maximumLineLength: maximumLineLength
                )
            )
        }
        return .report(
            ReportOptions(
                recording: recording,
                output: output ?? defaultOutput(for: recording),
                title: title ?? fileName(of: recording),
                maximumLineLength: maximumLineLength,
                lastLines: lastLines,
                maximumBytes: maximumBytes
            )
        )
    }

    /// The recording's path with `.html` in place of `.jsonl` (or added).
    static func defaultOutput(for recording: String) -> String {
        recording.hasSuffix(".jsonl") ? String(recording.dropLast(".jsonl".count)) + ".html" : recording + ".html"
    }

    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func report(_ options: ReportOptions) throws(DevToolsError) {
        // Memory bounded whatever the file's size: at most --max-bytes of it is read.
        var window: (bytes: [UInt8], offset: Int)?
        if let lastLines = options.lastLines {
            window = try RecordingWindow.lastLines(
                lastLines,
                of: options.recording,
                maximumBytes: options.maximumBytes
            )
        } else if let size = RecordingWindow.size(of: options.recording), size > options.maximumBytes {
            throw DevToolsError(
                status: .dataError,
                message: "\(options.recording) is \(ReportFile.describeSize(size)), more than the "
                    + "\(ReportFile.describeSize(options.maximumBytes)) a report reads (--max-bytes): its page would be "
                    + "too large for a browser. Report its latest actions with --last <count> (--last 100000, say), "
                    + "or follow it with 'AqueductDevTools serve', which reads a recording of any size."
            )
        }
        let recording: ActionRecording
        do {
            if let window {
                recording = try ActionRecording(jsonLines: window.bytes, maximumLineLength: options.maximumLineLength)
            } else {
                recording = try ActionRecording(
                    contentsOf: options.recording,
                    maximumLineLength: options.maximumLineLength
                )
            }
        } catch {
            throw DevToolsError.reading(options.recording, error)
        }
        let offset = window?.offset ?? 0
        window = nil  // the bytes are decoded: not held while the page is made
        var notes: [String] = []
        if offset > 0, let lastLines = options.lastLines {
            notes.append(
                "This report shows the recording's last \(ReportData.grouped(lastLines)) lines (--last), from byte "
                    + "\(ReportData.grouped(offset)): the actions before them are not in it, and the first "
                    + "session shown may have started before them."
            )
        }
        guard !recording.sessions.isEmpty else {
            throw DevToolsError(
                status: .dataError,
                message: "\(options.recording) holds no record: it is empty, or blank lines only. "
                    + "A recording holds a session header or an action record on each line."
            )
        }
        for warning in recording.warnings {
            standardError("warning: \(options.recording): \(warning)\n")
        }
        var page = ReportPage(
            recording: recording,
            title: options.title,
            recordingName: Self.fileName(of: options.recording)
        )
        page.notes = notes
        page.isWindow = offset > 0
        let bytes = page.html()
        try ReportFile.write(bytes, to: options.output, notReplacing: options.recording)
        let actions = recording.records.count == 1 ? "1 action" : "\(recording.records.count) actions"
        standardOutput("Wrote \(options.output): \(actions), \(ReportFile.describeSize(bytes.count)).\n")
    }
}
