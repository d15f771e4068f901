import Aqueduct

/// Writing the tool's messages to standard output and standard error with the package's one
/// `write(2)` loop, `FileOutput.writeAll(to:_:)`, which the report file's writer calls too.
/// (The C streams' globals are not usable under strict concurrency.)
enum Descriptor {
    /// Writes all of `text`; a failure (a closed terminal) is ignored.
    static func writeAll(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { _ = FileOutput.writeAll(to: descriptor, UnsafeRawBufferPointer($0)) }
    }
}
