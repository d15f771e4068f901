import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to a file descriptor with `write(2)`: the tool's one writer, for standard output,
/// standard error and the report file. (The C streams' globals are not usable under strict
/// concurrency.)
enum Descriptor {
    /// Writes all of `bytes`, retrying partial and interrupted writes.
    ///
    /// - Returns: `nil` when everything was written, else the `errno` of the failed write.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        FileOutput.writeAll(to: descriptor, bytes)
    }

    /// Writes all of `text`; a failure (a closed terminal) is ignored.
    static func writeAll(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { _ = writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }
}
