/// Cuts bytes into lines, in one pass: each byte is looked at once, whatever the length of the
/// lines, and a line past the limit is counted rather than kept.
///
/// ```swift
/// var splitter = LineSplitter(maximumLength: 4096)
/// splitter.feed(Array("status\nhel".utf8)[...]) { print($0) }   // .text("status")
/// splitter.feed(Array("p\n".utf8)[...]) { print($0) }           // .text("help")
/// splitter.finish { print($0) }                                 // nothing left
/// ```
///
/// A value type, not shared: the reader thread owns it.
struct LineSplitter {
    /// The longest line kept, in bytes.
    let maximumLength: Int
    /// The bytes of the current line, while it is within the limit.
    private var current: [UInt8] = []
    /// The length of the current line so far, kept or not.
    private var length = 0
    /// The last byte of the current line so far.
    private var lastByte: UInt8?

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Takes the next bytes read, calling `emit` for each line they complete.
    mutating func feed(_ bytes: ArraySlice<UInt8>, emit: (StandardInput.Line) -> Void) {
        var rest = bytes
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            append(rest[..<newline])
            emit(takeLine())
            rest = rest[(newline + 1)...]
        }
        append(rest)
    }

    /// The input ended: emits the last line if it had no line end.
    mutating func finish(emit: (StandardInput.Line) -> Void) {
        if length > 0 { emit(takeLine()) }
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        length += bytes.count
        lastByte = bytes.last ?? lastByte
        if length <= maximumLength + 1 {  // + 1: room for the `\r` of a `\r\n`
            current.append(contentsOf: bytes)
        } else {
            current.removeAll()
        }
    }

    private mutating func takeLine() -> StandardInput.Line {
        defer {
            current.removeAll(keepingCapacity: true)
            length = 0
            lastByte = nil
        }
        var lineLength = length
        if lastByte == UInt8(ascii: "\r") {
            lineLength -= 1
            if !current.isEmpty { current.removeLast() }
        }
        guard lineLength <= maximumLength else { return .tooLong(byteCount: lineLength) }
        return .text(String(decoding: current, as: UTF8.self))
    }
}
