/// A command line LifeSignal cannot use. A `Sendable` value whose description is the message
/// followed by the usage.
///
/// ```swift
/// do { _ = try LifeSignalOptions.parse(["--bogus"], environment: [:]) } catch { print(error) }
/// // LifeSignal: unknown option '--bogus'
/// // usage: LifeSignal [--data-dir DIR] …
/// ```
public struct LifeSignalOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameter message: What is wrong.
    public init(_ message: String) {
        self.message = message
    }

    /// The message and the usage.
    public var description: String {
        "LifeSignal: \(message)\n\(LifeSignalOptions.usage)"
    }
}
