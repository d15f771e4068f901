import Aqueduct
import AqueductRecording

/// `test`: a range of a recording made into a regression test — the records in the range (the
/// slice, a recording of its own) and a Swift Testing test that replays them with
/// `ActionReplay`. A pure value: the command reads the recording and writes the two files.
///
/// The range is closed over what it set off: a record after its end whose cause is in it (an
/// effect's answer, a bridged action) is taken in, with the records between, so that the replay
/// — which runs the effects — expects what it will see. A record in the range whose cause is
/// before it becomes an outside record: the replay sends it, as nothing in the slice will.
///
/// Text from the recording is data: in the test it appears in `//` comments only, with every
/// line break, control character and bidirectional override written as a `\u{…}` escape, so
/// nothing in an action's description can end the comment or change how the code reads.
struct ReplayTest: Equatable {
    /// What the user asked for.
    struct Request: Equatable {
        /// The first `seq` of the range.
        var from: Int
        /// The last `seq` of the range.
        var to: Int
        /// The session (from 1), or `nil` for the one session that holds the range.
        var session: Int?
        /// The name of the suite and of the two files; a Swift identifier.
        var name: String
        /// A type of the test target with `initialState`, `feature()` and `decoding`, or `nil`
        /// for placeholders.
        var using: String?
        /// How the recording is named in the test's comment (its file name).
        var recordingName: String
    }

    /// The slice: the records of the range, one JSON line each.
    let slice: String
    /// The test's Swift source.
    let source: String
    /// The range as taken: its first and last `seq` (the last may be later than asked).
    let range: ClosedRange<Int>
    /// What the user should know: the range was extended, causes were cut.
    let notes: [String]

    /// Whether `name` can be a Swift type's name (and so a file's): ASCII letters, digits and
    /// `_`, not starting with a digit, at most 100 characters.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 100,
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// Whether `name` can be a type's name, possibly qualified (`Module.Type`).
    static func isValidTypeReference(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 4 && parts.allSatisfy { isValidName(String($0)) }
    }

    /// Makes the slice and the test.
    ///
    /// - Throws: A data error naming what is wrong: a `seq` that is in no session, an empty
    ///   range, a range in several sessions without `--session`, a gap in the range.
    init(recording: ActionRecording, request: Request) throws(DevToolsError) {
        let sessions = recording.sessions.filter { !$0.records.isEmpty }
        guard !sessions.isEmpty else {
            throw DevToolsError(status: .dataError, message: "\(request.recordingName) holds no record.")
        }
        guard request.from <= request.to else {
            throw DevToolsError(
                status: .usage,
                message: "The range #\(request.from)…#\(request.to) is empty: --from must not be after --to."
            )
        }
        let (sessionNumber, session) = try Self.session(of: request, in: recording.sessions)
        let records = session.records
        guard let start = records.firstIndex(where: { $0.seq >= request.from }), records[start].seq <= request.to
        else {
            let seqs = records.first.map { "#\($0.seq)…#\(records.last?.seq ?? $0.seq)" } ?? "none"
            throw DevToolsError(
                status: .dataError,
                message: "No record of \(request.recordingName) is in #\(request.from)…#\(request.to)"
                    + " (session \(sessionNumber) holds \(seqs))."
            )
        }
        // Close the range over what it set off.
        var last = records.lastIndex(where: { $0.seq <= request.to }) ?? start
        for index in (last + 1)..<records.count {
            if let cause = records[index].cause, cause.seq >= records[start].seq, cause.seq <= records[last].seq {
                last = index
            }
        }
        let first = records[start].seq
        let end = records[last].seq
        if let gap = session.gaps.first(where: { $0.firstSeq <= end && $0.lastSeq >= first }) {
            throw DevToolsError(
                status: .dataError,
                message: "The range #\(first)…#\(end) of \(request.recordingName) has a gap: the recorder dropped"
                    + " #\(gap.firstSeq)…#\(gap.lastSeq), which a replay cannot go past. End the range before it."
            )
        }
        var notes: [String] = []
        if end > request.to {
            notes.append(
                "The range ends at #\(end), not #\(request.to): records up to #\(end) were set off by records in it."
            )
        }
        var lines: [String] = []
        var cut: [Int] = []
        for var record in records[start...last] {
            if let cause = record.cause, cause.seq < first {
                record.cause = nil
                cut.append(record.seq)
            }
            do {
                lines.append(try record.jsonLine())
            } catch {
                throw DevToolsError(status: .dataError, message: "Record #\(record.seq) cannot be written: \(error).")
            }
        }
        if !cut.isEmpty {
            notes.append(
                "Set off before the range, so sent from outside in the replay: "
                    + cut.map { "#\($0)" }.joined(separator: ", ") + "."
            )
        }
        let startsSession = start == records.startIndex && first == 0
        self.slice = lines.map { $0 + "\n" }.joined()
        self.range = first...end
        self.notes = notes
        self.source = Self.source(
            request: request,
            records: Array(records[start...last]),
            cut: Set(cut),
            sessionNumber: sessionNumber,
            sessionCount: recording.sessions.count,
            startsSession: startsSession,
            stateBefore: startsSession ? [] : Self.valuesBefore(records[..<start]),
            notes: notes
        )
    }

    /// The session the range is in: the one `--session` names, or the only one with a record in it.
    private static func session(
        of request: Request,
        in sessions: [ActionRecording.Session]
    ) throws(DevToolsError) -> (Int, ActionRecording.Session) {
        if let number = request.session {
            guard sessions.indices.contains(number - 1) else {
                throw DevToolsError(
                    status: .dataError,
                    message: "\(request.recordingName) has \(sessions.count) session(s), not a session \(number)."
                )
            }
            return (number, sessions[number - 1])
        }
        let holding = sessions.indices.filter { index in
            sessions[index].records.contains { $0.seq >= request.from && $0.seq <= request.to }
        }
        guard let only = holding.first else {
            let seqs = sessions.compactMap { session in
                session.records.first.map { "#\($0.seq)…#\(session.records.last?.seq ?? $0.seq)" }
            }
            throw DevToolsError(
                status: .dataError,
                message: "No record of \(request.recordingName) is in #\(request.from)…#\(request.to)"
                    + " (it holds \(seqs.joined(separator: ", ")))."
            )
        }
        guard holding.count == 1 else {
            throw DevToolsError(
                status: .usage,
                message: "#\(request.from)…#\(request.to) is in sessions "
                    + holding.map { "\($0 + 1)" }.joined(separator: ", ")
                    + " of \(request.recordingName): say which with --session."
            )
        }
        return (only + 1, sessions[only])
    }

    /// The last recorded value of each path changed before the range, in the order first changed.
    private static func valuesBefore(_ records: ArraySlice<ActionRecord>) -> [(path: String, value: String)] {
        var order: [String] = []
        var values: [String: String] = [:]
        for record in records {
            for change in record.changes {
                let path = change.path.isEmpty ? "(the state)" : change.path
                if values[path] == nil { order.append(path) }
                values[path] = change.after ?? "(none)"
            }
        }
        return order.map { ($0, values[$0] ?? "") }
    }

    // MARK: - The test's source

    private static func source(
        request: Request,
        records: [ActionRecord],
        cut: Set<Int>,
        sessionNumber: Int,
        sessionCount: Int,
        startsSession: Bool,
        stateBefore: [(path: String, value: String)],
        notes: [String]
    ) -> String {
        let first = records.first?.seq ?? request.from
        let last = records.last?.seq ?? request.to
        let name = request.name
        var command = "AqueductDevTools test \(request.recordingName) --from \(request.from) --to \(request.to)"
        if let session = request.session { command += " --session \(session)" }
        command += " --name \(name)"
        if let using = request.using { command += " --using \(using)" }
        let session = sessionCount > 1 ? " of session \(sessionNumber)" : ""
        var out: [String] = []
        out.append("// Generated by: \(comment(command))")
        out.append(
            "// Records #\(first)…#\(last)\(session) of \(comment(request.recordingName)), in \(name).jsonl beside"
        )
        out.append("// this file, replayed against the app: a regression test of what the recording shows.")
        out.append("// Generate it again rather than edit it.")
        out.append("// swift-format-ignore-file")
        out.append("")
        out.append("import AqueductRecording")
        out.append("import AqueductTesting")
        out.append("import Foundation")
        out.append("import Testing")
        out.append("")
        out.append("@MainActor")
        out.append("@Suite struct \(name) {")
        out.append("    static let slice = URL(fileURLWithPath: #filePath).deletingLastPathComponent()")
        out.append("        .appendingPathComponent(\(stringLiteral(name + ".jsonl"))).path")
        out.append("")
        out.append("    /// The records, in order (→ marks one set off by an earlier one):")
        for record in records {
            let mark: String
            if let cause = record.cause, !cut.contains(record.seq) {
                mark = "→ #\(cause.seq) \(cause.kind.rawValue)"
            } else if cut.contains(record.seq) {
                mark = "from outside (set off before the range)"
            } else {
                mark = "from outside"
            }
            out.append("    ///   #\(record.seq) \(comment(clipped(record.action.description)))  \(mark)")
        }
        for note in notes { out.append("    /// \(comment(note))") }
        out.append("    @Test func replaysRecords\(first)To\(last)() async throws {")
        out.append("        let recording = try ActionRecording(contentsOf: Self.slice)")
        out.append("        #expect(recording.warnings.isEmpty)")
        out.append("        #expect(recording.records.count == \(records.count))")
        let state: String
        let feature: String
        let decoding: String
        if let using = request.using, startsSession {
            (state, feature, decoding) = ("\(using).initialState", "\(using).feature()", "\(using).decoding")
        } else {
            if !startsSession {
                out.append("        // The state before #\(first): the recording holds its changes, not the state.")
                out.append("        // The values recorded before #\(first), for each path changed before it:")
                for (path, value) in stateBefore.prefix(40) {
                    out.append("        //   \(comment(clipped(path))) = \(comment(clipped(value)))")
                }
                if stateBefore.count > 40 { out.append("        //   (and \(stateBefore.count - 40) more)") }
                state = "<#the state before #\(first)#>"
            } else {
                state = request.using.map { "\($0).initialState" } ?? "<#the app's initial state#>"
            }
            feature = request.using.map { "\($0).feature()" } ?? "<#the app's Feature, with test clients#>"
            let outside = Set(records.filter { $0.cause == nil || cut.contains($0.seq) }.map(\.action.description))
            if request.using == nil {
                out.append("        // The outside actions to decode (ActionReplay.Decoding):")
                for description in outside.sorted().prefix(40) {
                    out.append("        //   \(comment(clipped(description)))")
                }
            }
            decoding = request.using.map { "\($0).decoding" } ?? "<#ActionReplay.Decoding of the outside actions#>"
        }
        out.append("        let divergence = await ActionReplay.replay(")
        out.append("            recording,")
        out.append("            initialState: \(state),")
        out.append("            feature: \(feature),")
        out.append("            decoding: \(decoding),")
        out.append("            timeout: .seconds(2)")
        out.append("        )")
        out.append("        #expect(divergence == nil)")
        out.append("    }")
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// At most 200 characters of `text`, with an ellipsis when cut.
    static func clipped(_ text: String) -> String {
        text.count <= 200 ? text : String(text.prefix(199)) + "…"
    }

    /// `text` made safe for a `//` comment: line breaks, control characters, and the
    /// bidirectional controls that could make code read other than it runs, as `\u{…}`.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a Swift string literal: quoted, with `\`, `"`, control characters and
    /// bidirectional controls escaped.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where isUnsafe(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Control characters (line breaks included), U+2028 and U+2029, and the bidirectional
    /// embeddings, overrides and isolates.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
            || value == 0x200F || value == 0x061C
    }
}
