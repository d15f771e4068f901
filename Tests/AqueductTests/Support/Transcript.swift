import Aqueduct

/// Collects what a logger prints, for comparing whole transcripts.
@MainActor
final class Transcript {
    private(set) var text = ""
    private(set) var entries: [String] = []

    var printer: LogPrinter {
        .closure { entry in
            self.text += entry
            self.entries.append(entry)
        }
    }
}
