import Foundation
import HTTPNetworking

/// The LifeSignal command line and environment, parsed. A `Sendable`, `Equatable` value.
///
/// ```
/// --data-dir DIR        where the SQLite files and the saved settings live (default:
///                       $LIFESIGNAL_DATA_DIR, else $XDG_DATA_HOME/LifeSignal, else
///                       ~/.local/share/LifeSignal)
/// --functions-url URL   use the HTTP cloud-functions backend (env LIFESIGNAL_FUNCTIONS_URL),
///                       through the offline-first queue in the data directory
/// --token TOKEN         its bearer token (env LIFESIGNAL_TOKEN); required with a URL
/// --network live|none   the real network monitor (default) or none
/// --interval SECONDS    how long a check-in lasts, saved as the 'interval' command saves it
///                       (default: the saved interval, else 86400, 24 hours; at most 366 days)
/// --log FILE|-          where the action log goes: FILE, or - for standard error (default:
///                       lifesignal.log in the data directory)
/// --state-changes       log the state change after each action
/// --record FILE         record every action to FILE (JSON Lines, created 0600; a file used
///                       before gets one more session) for the DevTools report:
///                       swift run AqueductDevTools report FILE --output report.html
/// --help                print the usage and exit
/// ```
///
/// ```swift
/// let options = try LifeSignalOptions.parse(["--network", "none"], environment: ["HOME": "/home/ada"])
/// options.dataDirectory  // "/home/ada/.local/share/LifeSignal"
/// ```
public struct LifeSignalOptions: Sendable, Equatable {
    /// Which path monitor to use.
    public enum Network: String, Sendable, Equatable {
        /// The platform's monitor: netlink on Linux, `NWPathMonitor` on Apple platforms.
        case live
        /// A monitor that reports a disconnected path and nothing else.
        case none
    }

    /// Where the action log goes.
    public enum Log: Sendable, Equatable {
        /// `lifesignal.log` in the data directory (the default), so the terminal shows answers only.
        case dataDirectory
        /// Standard error (`--log -`).
        case standardError
        /// A file (`--log FILE`).
        case file(String)
    }

    /// Which backend stores the check-ins.
    public enum Backend: Sendable, Equatable {
        /// The embedded SQLite file in the data directory.
        case sqlite
        /// The HTTP cloud functions at `url`, with a local SQLite queue (offline-first).
        case cloudFunctions(url: URL, token: String)
    }

    /// The directory of the SQLite files and the saved settings.
    public var dataDirectory: String
    /// The backend.
    public var backend: Backend
    /// The path monitor.
    public var network: Network
    /// How long a check-in lasts, or `nil` for the saved interval (24 hours when none is saved).
    public var interval: Duration?
    /// Where the action log goes.
    public var log: Log
    /// Whether the logger shows state changes.
    public var showsStateChanges: Bool
    /// Whether `--help` was given.
    public var showsHelp: Bool
    /// Where `--record` records the session, or `nil`.
    public var recordPath: String?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - dataDirectory: The directory of the SQLite files and the saved settings.
    ///   - backend: The backend.
    ///   - network: The path monitor.
    ///   - interval: How long a check-in lasts, or `nil` for the saved interval.
    ///   - log: Where the action log goes.
    ///   - showsStateChanges: Whether the logger shows state changes.
    ///   - showsHelp: Whether to print the usage and exit.
    public init(
        dataDirectory: String,
        backend: Backend = .sqlite,
        network: Network = .live,
        interval: Duration? = nil,
        log: Log = .dataDirectory,
        showsStateChanges: Bool = false,
        showsHelp: Bool = false
    ) {
        self.dataDirectory = dataDirectory
        self.backend = backend
        self.network = network
        self.interval = interval
        self.log = log
        self.showsStateChanges = showsStateChanges
        self.showsHelp = showsHelp
    }

    /// The longest ``interval`` accepted: 366 days.
    public static let maximumInterval: Duration = .seconds(366 * 24 * 60 * 60)

    /// The usage text.
    public static let usage = """
        usage: LifeSignal [--data-dir DIR] [--functions-url URL --token TOKEN] [--network live|none]
                          [--interval SECONDS] [--log FILE|-] [--state-changes] [--record FILE] [--help]
        environment: LIFESIGNAL_DATA_DIR, XDG_DATA_HOME, LIFESIGNAL_FUNCTIONS_URL, LIFESIGNAL_TOKEN
        """

    /// The default data directory: `$LIFESIGNAL_DATA_DIR`, else `$XDG_DATA_HOME/LifeSignal`,
    /// else `~/.local/share/LifeSignal`.
    ///
    /// - Parameter environment: The environment variables.
    /// - Returns: The directory.
    public static func defaultDataDirectory(environment: [String: String]) -> String {
        if let directory = environment["LIFESIGNAL_DATA_DIR"], !directory.isEmpty { return directory }
        if let base = environment["XDG_DATA_HOME"], !base.isEmpty { return base + "/LifeSignal" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/LifeSignal"
    }

    /// Parses the arguments after the program name, with the environment for defaults.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The environment variables.
    /// - Returns: The options.
    /// - Throws: ``LifeSignalOptionsError`` for an unknown option, a missing or bad value, or a
    ///   functions URL without a token.
    public static func parse(
        _ arguments: [String],
        environment: [String: String]
    ) throws(LifeSignalOptionsError) -> LifeSignalOptions {
        var options = LifeSignalOptions(dataDirectory: defaultDataDirectory(environment: environment))
        var functionsURL = environment["LIFESIGNAL_FUNCTIONS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        var token = environment["LIFESIGNAL_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        var remaining = arguments[...]

        func value(of option: String) throws(LifeSignalOptionsError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") || value == "-" else {
                throw LifeSignalOptionsError("\(option) needs a value")
            }
            return value
        }

        while let argument = remaining.popFirst() {
            switch argument {
            case "--data-dir":
                let directory = try value(of: argument)
                guard !directory.isEmpty else {
                    throw LifeSignalOptionsError("--data-dir needs a directory, not an empty string")
                }
                options.dataDirectory = directory
            case "--functions-url":
                functionsURL = try value(of: argument)
            case "--token":
                token = try value(of: argument)
            case "--network":
                let name = try value(of: argument)
                guard let network = Network(rawValue: name) else {
                    throw LifeSignalOptionsError("--network must be 'live' or 'none', not '\(name)'")
                }
                options.network = network
            case "--interval":
                let text = try value(of: argument)
                let maximum = maximumInterval.components.seconds
                guard let seconds = Int64(text), (1...maximum).contains(seconds) else {
                    throw LifeSignalOptionsError(
                        "--interval needs a number of seconds from 1 to \(maximum) (366 days), not '\(text)'"
                    )
                }
                options.interval = .seconds(seconds)
            case "--log":
                let destination = try value(of: argument)
                options.log = destination == "-" ? .standardError : .file(destination)
            case "--state-changes":
                options.showsStateChanges = true
            case "--record":
                let path = try value(of: argument)
                guard !path.isEmpty else {
                    throw LifeSignalOptionsError("--record needs a file, not an empty string")
                }
                options.recordPath = path
            case "--help", "-h":
                options.showsHelp = true
            default:
                throw LifeSignalOptionsError("unknown option '\(argument)'")
            }
        }

        if let functionsURL {
            let shown = URLRedaction.redacting(functionsURL)
            guard let url = URL(string: functionsURL), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else {
                throw LifeSignalOptionsError("the functions URL '\(shown)' is not an http(s) URL")
            }
            guard let token else {
                throw LifeSignalOptionsError(
                    "the functions URL \(shown) needs a token: pass --token or set LIFESIGNAL_TOKEN"
                )
            }
            guard token.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else {
                throw LifeSignalOptionsError(
                    "the token holds a control character (a line break?), which cannot be sent in an HTTP header: "
                        + "check --token or LIFESIGNAL_TOKEN"
                )
            }
            options.backend = .cloudFunctions(url: url, token: token)
        }
        return options
    }

    /// The file of the action log, or `nil` when it goes to standard error.
    public var logPath: String? {
        switch log {
        case .dataDirectory: (dataDirectory as NSString).appendingPathComponent("lifesignal.log")
        case .standardError: nil
        case .file(let path): path
        }
    }
}
