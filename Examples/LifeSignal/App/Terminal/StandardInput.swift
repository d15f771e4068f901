import Foundation

/// The lines of standard input as an `AsyncStream`, read by a dedicated thread so that a
/// blocking `readLine` never occupies a thread of the cooperative pool.
public enum StandardInput {
    /// Starts reading standard input; the stream ends at the end of input.
    ///
    /// ```swift
    /// for await line in StandardInput.lines() { print(line) }
    /// ```
    ///
    /// - Returns: The lines, without their newlines.
    public static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(line)
            }
            continuation.finish()
        }
        reader.name = "LifeSignal stdin"
        reader.start()
        return stream
    }
}
