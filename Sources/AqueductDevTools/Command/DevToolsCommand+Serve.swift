import Aqueduct
import AqueductRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DevToolsCommand {
    /// `serve`: listens on the loopback interface, prints the page's URL and serves until
    /// SIGINT or SIGTERM.
    func serve(_ options: ServeOptions) throws(DevToolsError) {
        let recording = options.recording
        var status = stat()
        if stat(recording, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw DevToolsError(
                    status: .noInput,
                    message: "Cannot serve \"\(recording)\": it is not a regular file (a recording is a .jsonl file)."
                )
            }
        } else {
            let folder = recording.contains("/") ? String(recording[..<recording.lastIndex(of: "/")!]) : "."
            var folderStatus = stat()
            guard stat(folder.isEmpty ? "/" : folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR
            else {
                throw DevToolsError(
                    status: .noInput,
                    message: "Cannot serve \"\(recording)\": its folder \"\(folder)\" does not exist."
                )
            }
            standardError(
                "note: \(recording) does not exist yet; the page shows its records once the app creates it.\n"
            )
        }
        let token = Self.newToken()
        let page = ReportPage(
            recording: ActionRecording(sessions: []),
            title: options.title,
            recordingName: Self.fileName(of: recording),
            isLive: true
        ).html()
        let server = LiveServer(
            recording: recording,
            maximumLineLength: options.maximumLineLength,
            token: token,
            page: page
        )
        let hasIPv6: Bool
        do {
            hasIPv6 = try server.listen(port: options.port)
        } catch {
            throw DevToolsError(
                status: .unavailable,
                message: error.message + (error.isAddressInUse ? " Choose another --port, or 0 for a free one." : "")
            )
        }
        StopSignal.install()
        var lines = "Serving \(recording) live at http://127.0.0.1:\(server.port)/?token=\(token)\n"
        if hasIPv6 { lines += "                and at http://[::1]:\(server.port)/?token=\(token)\n" }
        lines += "Open the URL in a browser on this machine. Press Ctrl-C to stop.\n"
        standardOutput(lines)
        server.run(until: { StopSignal.isRaised })
        standardOutput("Stopped.\n")
    }

    /// 32 bytes from the system's random source, in hexadecimal.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var text = ""
        for _ in 0..<4 {
            let word = generator.next() as UInt64
            let hex = String(word, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return text
    }
}
