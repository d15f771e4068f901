import Aqueduct
import AqueductRecording

extension DevToolsCommand {
    /// The options of `test`.
    struct TestOptions: Equatable {
        var recording: String
        var from: Int
        var to: Int
        var session: Int?
        var name: String
        var using: String?
        var output: String
        var maximumLineLength = ActionRecording.defaultMaximumLineLength
    }

    /// Reads the arguments of `test` (after the command's name): `.test` or `.help`.
    ///
    /// - Throws: A usage error naming what is wrong.
    static func parseTest(_ arguments: ArraySlice<String>) throws(DevToolsError) -> Request {
        var recording: String?
        var from: Int?
        var to: Int?
        var session: Int?
        var name: String?
        var using: String?
        var output = "."
        var maximumLineLength = ActionRecording.defaultMaximumLineLength
        var rest = arguments
        func value(of option: String) throws(DevToolsError) -> String {
            guard let value = rest.popFirst() else { throw .usage("Missing a value after \(option).") }
            return value
        }
        func number(of option: String, minimum: Int) throws(DevToolsError) -> Int {
            let text = try value(of: option)
            guard let number = Int(text), number >= minimum else {
                throw .usage("\(option) takes a whole number from \(minimum), not '\(text)'.")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "--from": from = try number(of: argument, minimum: 0)
            case "--to": to = try number(of: argument, minimum: 0)
            case "--session": session = try number(of: argument, minimum: 1)
            case "--name":
                let text = try value(of: argument)
                guard ReplayTest.isValidName(text) else {
                    throw .usage(
                        "--name takes a Swift type name (letters, digits and _, not first a digit), not '\(text)'."
                    )
                }
                name = text
            case "--using":
                let text = try value(of: argument)
                guard ReplayTest.isValidTypeReference(text) else {
                    throw .usage("--using takes a Swift type name (like AppReplay), not '\(text)'.")
                }
                using = text
            case "-o", "--output": output = try value(of: argument)
            case "--max-line-bytes": maximumLineLength = try number(of: argument, minimum: 1)
            case _ where argument.hasPrefix("-") && argument != "-" && argument.count > 1:
                throw .usage("Unknown option '\(argument)' for test.")
            default:
                guard recording == nil else {
                    throw .usage("Unexpected argument '\(argument)': one recording at a time.")
                }
                recording = argument
            }
        }
        guard let recording else { throw .usage("Missing the recording to make a test of (a .jsonl file).") }
        guard let from, let to else { throw .usage("test needs the range: --from <seq> --to <seq>.") }
        let options = TestOptions(
            recording: recording,
            from: from,
            to: to,
            session: session,
            name: name ?? "Replay\(from)To\(to)",
            using: using,
            output: output,
            maximumLineLength: maximumLineLength
        )
        return .test(options)
    }

    /// `test`: writes the slice and the test into the output folder.
    func test(_ options: TestOptions) throws(DevToolsError) {
        let recording: ActionRecording
        do {
            recording = try ActionRecording(contentsOf: options.recording, maximumLineLength: options.maximumLineLength)
        } catch {
            throw DevToolsError.reading(options.recording, error)
        }
        for warning in recording.warnings {
            standardError("warning: \(options.recording): \(warning)\n")
        }
        let made = try ReplayTest(
            recording: recording,
            request: ReplayTest.Request(
                from: options.from,
                to: options.to,
                session: options.session,
                name: options.name,
                using: options.using,
                recordingName: Self.fileName(of: options.recording)
            )
        )
        let folder = options.output.hasSuffix("/") ? options.output : options.output + "/"
        let slicePath = folder + options.name + ".jsonl"
        let sourcePath = folder + options.name + ".swift"
        try ReportFile.write(Array(made.slice.utf8), to: slicePath, notReplacing: options.recording, what: "slice")
        try ReportFile.write(Array(made.source.utf8), to: sourcePath, notReplacing: options.recording, what: "test")
        for note in made.notes { standardError("note: \(note)\n") }
        let count = made.slice.utf8.count { $0 == UInt8(ascii: "\n") }
        standardOutput(
            "Wrote \(sourcePath) and \(slicePath): records #\(made.range.lowerBound)…#\(made.range.upperBound)"
                + " (\(count == 1 ? "1 record" : "\(count) records")).\n"
        )
    }
}
