import Aqueduct

extension ActionRecord {
    /// The record's line (``jsonLine()``), shortened when it would be longer than `limit` bytes,
    /// so that a recorder never writes a line its readers refuse.
    ///
    /// A record that fits is its ``jsonLine()`` unchanged. One that does not — an action whose
    /// description is megabytes long — loses, step by step until it fits: its encoded value, the
    /// length of each text (description, source, info lines, changes) beyond 16,384 characters,
    /// info lines beyond 64, then changes (``changesTruncated``), then cancellations
    /// (``cancellationsTruncated``), then info lines, then text
    /// beyond 1,000 characters. Its `seq`, cause, time and duration are always kept, and its
    /// description ends with what happened: `[cut: the record took 6291512 bytes, over the
    /// 4194304-byte line limit]`.
    ///
    /// - Parameter limit: The longest line, in bytes (``ActionRecording/defaultMaximumLineLength``
    ///   for a recorder).
    /// - Returns: The line, without its newline, at most `limit` bytes unless even the record's
    ///   numbers do not fit.
    /// - Throws: What ``jsonLine()`` throws.
    package func jsonLine(fitting limit: Int) throws -> String {
        let line = try jsonLine()
        let length = line.utf8.count
        if length <= limit { return line }
        let note = " [cut: the record took \(length) bytes, over the \(limit)-byte line limit]"
        var record = self
        record.action.value = nil
        record.cut(textsTo: 16_384, note: note)
        record.source.info = Array(record.source.info.prefix(64))
        var shortened = try record.jsonLine()
        while shortened.utf8.count > limit, !record.changes.isEmpty {
            record.changes.removeLast((record.changes.count + 1) / 2)
            record.changesTruncated = true
            shortened = try record.jsonLine()
        }
        while shortened.utf8.count > limit, !record.cancellations.isEmpty {
            record.cancellations.removeLast((record.cancellations.count + 1) / 2)
            record.cancellationsTruncated = true
            shortened = try record.jsonLine()
        }
        while shortened.utf8.count > limit, !record.source.info.isEmpty {
            record.source.info.removeLast((record.source.info.count + 1) / 2)
            shortened = try record.jsonLine()
        }
        if shortened.utf8.count > limit {
            record.cut(textsTo: 1_000, note: note)
            shortened = try record.jsonLine()
        }
        return shortened
    }

    /// Cuts every text of the record to `count` characters, marking each cut with `…`, and
    /// ends the description with `note`.
    private mutating func cut(textsTo count: Int, note: String) {
        func cut(_ text: String) -> String {
            text.count > count ? String(text.prefix(count)) + "…" : text
        }
        let description =
            action.description.hasSuffix(note) ? String(action.description.dropLast(note.count)) : action.description
        action.description = cut(description) + note
        source.file = cut(source.file)
        source.function = cut(source.function)
        source.info = source.info.map(cut)
        changes = changes.map { Change(path: cut($0.path), before: $0.before.map(cut), after: $0.after.map(cut)) }
        cancellations = cancellations.map {
            Cancellation(kind: $0.kind, target: cut($0.target), effectCount: $0.effectCount)
        }
    }
}
