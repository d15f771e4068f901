/// The demos' command line.
///
/// ```
/// --network live|none   the real network monitor (default) or one that reports "disconnected"
///                       and nothing else (for tests and for machines without netlink)
/// --state-changes       log the state change after each action
/// ```
public struct DemoOptions: Sendable, Equatable {
    /// Which path monitor to use.
    public enum Network: String, Sendable, Equatable {
        /// The platform's monitor: netlink on Linux, `NWPathMonitor` on Apple platforms.
        case live
        /// A monitor that reports a disconnected path and nothing else.
        case none
    }

    /// Which path monitor to use.
    public var network: Network
    /// Whether the logger shows state changes.
    public var showsStateChanges: Bool

    /// Creates options.
    ///
    /// - Parameters:
    ///   - network: Which path monitor to use.
    ///   - showsStateChanges: Whether the logger shows state changes.
    public init(network: Network = .live, showsStateChanges: Bool = false) {
        self.network = network
        self.showsStateChanges = showsStateChanges
    }

    /// An option the demos do not understand.
    public struct UnknownOption: Error, CustomStringConvertible, Equatable {
        /// The offending argument.
        public let argument: String
        /// What the demos accept.
        public var description: String {
            "unknown option '\(argument)'; usage: [--network live|none] [--state-changes]"
        }
    }

    /// Parses the arguments after the program name.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - defaults: The options when an argument is absent.
    /// - Returns: The options.
    /// - Throws: ``UnknownOption`` for anything else.
    public static func parse(
        _ arguments: [String],
        defaults: DemoOptions = DemoOptions()
    ) throws(UnknownOption)
        -> DemoOptions
    {
        var options = defaults
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--state-changes":
                options.showsStateChanges = true
            case "--network":
                guard let value = remaining.popFirst(), let network = Network(rawValue: value) else {
                    throw UnknownOption(argument: "--network " + (remaining.first ?? ""))
                }
                options.network = network
            default:
                throw UnknownOption(argument: argument)
            }
        }
        return options
    }

}
