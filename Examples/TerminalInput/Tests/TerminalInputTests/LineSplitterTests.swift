import Testing

@testable import TerminalInput

/// The line splitter behind `StandardInput.lines()`, fed the way `read(2)` hands it bytes: in
/// pieces that cut lines, and line ends, anywhere.
@Suite struct LineSplitterTests {
    /// Feeds `text` in pieces of `pieceSize` bytes, then ends the input; returns every line.
    static func split(_ text: String, pieceSize: Int, maximumLength: Int = 8) -> [StandardInput.Line] {
        var splitter = LineSplitter(maximumLength: maximumLength)
        var lines: [StandardInput.Line] = []
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + pieceSize, bytes.count)
            splitter.feed(bytes[start..<end]) { lines.append($0) }
            start = end
        }
        splitter.finish { lines.append($0) }
        return lines
    }

    @Test(arguments: [1, 2, 3, 5, 64])
    func linesCutAnywhereComeOutWhole(pieceSize: Int) {
        let lines = Self.split("status\r\nhelp\n\nquit", pieceSize: pieceSize)

        #expect(lines == [.text("status"), .text("help"), .text(""), .text("quit")])
    }

    @Test(arguments: [1, 3, 4096])
    func aLinePastTheLimitIsCountedNotKeptAndTheNextOneIsRead(pieceSize: Int) {
        let long = String(repeating: "x", count: 10_000)

        let lines = Self.split("\(long)\r\nhelp\n", pieceSize: pieceSize)

        #expect(lines == [.tooLong(byteCount: 10_000), .text("help")])
    }

    @Test(arguments: [1, 4, 64])
    func theLimitIsInclusiveAndALineEndDoesNotCount(pieceSize: Int) {
        let lines = Self.split("12345678\r\n123456789\n12345678\n", pieceSize: pieceSize)

        #expect(lines == [.text("12345678"), .tooLong(byteCount: 9), .text("12345678")])
    }

    @Test func aLastLineWithoutALineEndPastTheLimitIsTooLong() {
        #expect(Self.split("123456789", pieceSize: 2) == [.tooLong(byteCount: 9)])
    }

    @Test func bytesThatAreNotUTF8AreReplacedNotDropped() {
        var splitter = LineSplitter(maximumLength: 8)
        var lines: [StandardInput.Line] = []

        splitter.feed([0x61, 0xFF, 0x62, 0x0A][...]) { lines.append($0) }

        #expect(lines == [.text("a\u{FFFD}b")])
    }
}
