import Foundation

/// Debian's `chromium`, run headless on a report: the DOM after its script ran, or a screenshot.
///
/// Each run gets its own profile directory, so runs in parallel do not fight over one profile's
/// lock, and is stopped if it has not finished in three minutes.
struct Chromium: Sendable {
    let executable: String

    /// The `chromium` on the `PATH`, or `nil` when there is none.
    static let installed: Chromium? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/chromium"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Chromium(executable: candidate) }
        }
        return nil
    }()

    static let missing =
        "Chromium is not installed, so the report is not loaded in a browser: "
        + "install it with `apt-get install -y chromium` (CI does)."

    /// The document of `page` (a file URL, with its `#…` fragment) after its scripts ran.
    func dumpDOM(_ page: URL, in directory: URL) throws -> String {
        try run(["--dump-dom", page.absoluteString], in: directory)
    }

    /// Saves a screenshot of `page` to `file`.
    func screenshot(_ page: URL, to file: URL, in directory: URL) throws {
        _ = try run(["--screenshot=\(file.path)", page.absoluteString], in: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private func run(_ arguments: [String], in directory: URL) throws -> String {
        let name = "chromium-\(UUID().uuidString)"
        let profile = directory.appendingPathComponent(name)
        let log = directory.appendingPathComponent(name + ".log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot create \(log.path) for Chromium's standard error")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--mute-audio", "--user-data-dir=\(profile.path)", "--window-size=1400,900",
                "--virtual-time-budget=10000",
            ] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 180, execute: deadline)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        deadline.cancel()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure(
                description: "chromium \(arguments.joined(separator: " ")) failed with status "
                    + "\(process.terminationStatus); its standard error ends with:\n\(errors.suffix(2_000))"
            )
        }
        return text
    }
}
