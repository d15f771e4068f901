import Aqueduct
import AqueductRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The report: one HTML file that holds its style, its script and the recording, and loads
/// nothing else.
///
/// The page is a skeleton (this file), a style sheet (`ReportPage+Style.swift`) and a script
/// (`ReportPage+Script.swift`) that builds everything from the recording embedded as JSON (see
/// ``ReportData``). Text from the recording reaches the page only through that JSON, escaped
/// by ``HTMLEscaping/scriptData(_:)``, and the script shows it with `textContent`, never as
/// markup. The title is the one other text, escaped by ``HTMLEscaping/text(_:)``. A content
/// security policy forbids every fetch, so the page cannot reach the network even by mistake,
/// and lets only the page's own script run (by its SHA-256 digest), so that even text that
/// slipped past the escaping could not run as script. The slider, the causal chain and the
/// Features view are the script's part in `ReportPage+Travel.swift`, with their style.
struct ReportPage {
    let recording: ActionRecording
    let title: String
    let recordingName: String
    /// The page `serve` sends: its script asks the server for the records (an event stream of
    /// the same origin) instead of reading them from the page; the policy allows that one
    /// connection.
    var isLive = false
    var generated = Date()
    /// Said at the top of the page with the reader's warnings (a report of a recording's end).
    var notes: [String] = []
    /// Whether the page shows only the recording's end (`--last`): its sessions are numbered
    /// from there, not as `AqueductDevTools test` numbers them, so "Copy as test" is refused.
    var isWindow = false

    /// The policy's name for the page's one script: `sha256-` and its digest in Base64. A
    /// script whose text differs, or an event handler attribute, does not run.
    static let scriptHash = "sha256-" + Data(SHA256.digest(Array(script.utf8))).base64EncodedString()

    /// The policy of the report file: no fetch at all, the page's own script only.
    static let policy = "default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptHash)'"

    /// The policy of the live page: the same, and the event stream from the server that sent it.
    static let livePolicy = policy + "; connect-src 'self'; base-uri 'none'; form-action 'none'"

    /// The page, UTF-8.
    func html() -> [UInt8] {
        var data = ReportData(recording: recording, title: title, recordingName: recordingName, generated: generated)
        data.isLive = isLive
        data.warnings += notes
        let json = data.json()
        let title = HTMLEscaping.text(title)
        var page = Array(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(isLive ? Self.livePolicy : Self.policy)">
            <meta name="generator" content="AqueductDevTools">
            <title>\(title) — Aqueduct DevTools</title>
            <style>\(Self.style)\(Self.travelStyle)</style>
            </head>
            <body data-recording-name="\(HTMLEscaping.text(recordingName))"\(isWindow ? " data-window" : "")>
            <header>
              <div class="brand">
                <h1 id="title">\(title)</h1>
                <p id="summary">Aqueduct DevTools report</p>
              </div>
              <span id="live" role="status" aria-live="polite"\(isLive ? "" : " hidden")>Connecting…</span>
              <div class="controls">
                <input id="filter" type="search" autocomplete="off" spellcheck="false"
                  placeholder="Filter: action, File.swift, info, state path, #seq" aria-label="Filter the actions">
                <span id="count"></span>
                <div class="views" role="group" aria-label="View">
                  <button type="button" id="view-timeline" aria-pressed="true">Timeline</button>
                  <button type="button" id="view-causes" aria-pressed="false">Causes</button>
                  <button type="button" id="view-features" aria-pressed="false">Features</button>
                </div>
              </div>
            </header>
            <div id="warnings" hidden></div>
            <main>
              <section class="list-pane" aria-label="Actions">
                <div class="columns" aria-hidden="true">
                  <span>#</span><span>time</span><span>action</span><span>took</span><span>source</span>
                </div>
                <div id="list" tabindex="0" role="listbox" aria-label="Actions"><div id="spacer"></div></div>
              </section>
              <aside id="details" aria-label="The selected action"></aside>
            </main>
            <footer id="status">Loading the recording…</footer>
            <noscript><p class="noscript">This report is drawn by its script: allow JavaScript for this file.</p></noscript>
            <script type="application/json" id="recording-data">
            """.utf8
        )
        page += HTMLEscaping.scriptData(json)
        page += Array(
            """
            </script>
            <script>\(Self.script)</script>
            </body>
            </html>

            """.utf8
        )
        return page
    }
}
