import CheckIn

/// What LifeSignal keeps across restarts of the person's settings: how long a check-in lasts
/// and who is to be called. Saved as `settings.json` in the data directory
/// (``LifeSignalPersistence``); a `Codable`, `Equatable`, `Sendable` value.
///
/// It is read from and written to the check-in feature's state through
/// ``AppState/settings``: the feature keeps its own settings, this is their saved form.
///
/// ```swift
/// let settings = LifeSignalSettings(intervalSeconds: 3_600, contact: "Ada")
/// ```
public struct LifeSignalSettings: Codable, Equatable, Sendable {
    /// How long a check-in lasts, in seconds.
    public var intervalSeconds: Int64
    /// Who is to be called when an alert is triggered, or `nil` for nobody.
    public var contact: String?

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - intervalSeconds: How long a check-in lasts, in seconds.
    ///   - contact: Who is to be called when an alert is triggered, or `nil` for nobody.
    public init(intervalSeconds: Int64, contact: String? = nil) {
        self.intervalSeconds = intervalSeconds
        self.contact = contact
    }
}

/// The screen that was open when LifeSignal last ran: saved as `screen.json` in the data
/// directory (``LifeSignalPersistence``) and opened again at start. Which screen only — not
/// what it showed: the history loads its rows again when it is shown. A `Codable` value.
public enum LifeSignalScreen: String, Codable, Equatable, Sendable {
    /// The prompt, with no screen over it.
    case prompt
    /// The history of check-ins.
    case history
}

extension AppState {
    /// The saved form of the check-in feature's settings: reading it reads
    /// ``CheckInState/interval`` (in whole seconds) and ``CheckInState/contact``; setting it
    /// sets them. An interval out of range (from 1 second to
    /// ``LifeSignalOptions/maximumInterval``: a file edited by hand) leaves the interval as it is.
    public var settings: LifeSignalSettings {
        get { LifeSignalSettings(intervalSeconds: checkIn.interval.components.seconds, contact: checkIn.contact) }
        set {
            if (1...LifeSignalOptions.maximumInterval.components.seconds).contains(newValue.intervalSeconds) {
                checkIn.interval = .seconds(newValue.intervalSeconds)
            }
            checkIn.contact = newValue.contact
        }
    }

    /// The screen on top: the history when ``path`` holds one, else the prompt. Setting it to
    /// the history pushes a screen with nothing loaded (unless one is open already); setting
    /// it to the prompt closes every screen.
    public var screen: LifeSignalScreen {
        get { path.isEmpty ? .prompt : .history }
        set {
            switch newValue {
            case .prompt: path.removeAll()
            case .history: if path.isEmpty { path.push(HistoryScreen()) }
            }
        }
    }
}
