import Foundation

/// A report's document as Chromium dumped it after the report's script ran, read the few ways
/// the tests need: the rows of the list and the text of an element.
struct RenderedReport: CustomStringConvertible {
    let html: String

    /// Short, so that a failed expectation does not print the whole document.
    var description: String { "the rendered report (\(html.count) characters, \(rows.count) rows)" }

    /// One row of the list, as the script drew it.
    struct Row: CustomStringConvertible {
        var attributes: [String: String]
        /// The row's HTML, up to the next row.
        var html: String

        var description: String { "row \(attributes)" }

        var seq: Int? { attributes["data-seq"].flatMap { Int($0) } }
        var cause: Int? { attributes["data-cause"].flatMap { Int($0) } }
        var level: Int? { attributes["aria-level"].flatMap { Int($0) } }
        var kind: String? { attributes["data-kind"] }
        var classes: [Substring] { (attributes["class"] ?? "").split(separator: " ") }

        /// The text of the row's first `span` whose classes include `name`.
        func text(ofClass name: String) -> String? {
            for match in html.matches(of: /<span class="([^"]*)"[^>]*>/)
            where match.output.1.split(separator: " ").contains(Substring(name)) {
                let rest = html[match.range.upperBound...]
                guard let close = rest.range(of: "</span>") else { return nil }
                return RenderedReport.plainText(String(rest[..<close.lowerBound]))
            }
            return nil
        }
    }

    /// The rows of the list, in the order they are drawn.
    var rows: [Row] {
        var rows: [Row] = []
        var rest = html[...]
        while let start = rest.range(of: "<div class=\"row") {
            let tagEnd = rest[start.lowerBound...].firstIndex(of: ">")!
            let tag = String(rest[start.lowerBound..<tagEnd])
            let next = rest[tagEnd...].range(of: "<div class=\"row")?.lowerBound ?? rest.endIndex
            rows.append(Row(attributes: Self.attributes(of: tag), html: String(rest[start.lowerBound..<next])))
            rest = rest[next...]
        }
        return rows
    }

    /// The attributes of the `<body>` element.
    var body: [String: String] {
        guard let start = html.range(of: "<body") else { return [:] }
        return Self.attributes(of: String(html[start.lowerBound..<html[start.lowerBound...].firstIndex(of: ">")!]))
    }

    /// The text of the element whose `id` is `id`, tags removed and references decoded; `nil`
    /// when there is none.
    func text(ofElementWithID id: String) -> String? {
        guard let attribute = html.range(of: "id=\"\(id)\"") else { return nil }
        let tagStart = html[..<attribute.lowerBound].lastIndex(of: "<")!
        let name = html[html.index(after: tagStart)...].prefix { $0.isLetter || $0.isNumber }
        let contentStart = html.index(after: html[attribute.upperBound...].firstIndex(of: ">")!)
        // Find the matching end tag, counting elements of the same name opened inside.
        var depth = 1
        var position = contentStart
        while let close = html[position...].range(of: "</\(name)>") {
            if let open = html[position..<close.lowerBound].range(of: "<\(name)") {
                // Another element of the same name opens inside (or a longer name starts: skip it).
                if html[open.upperBound] == " " || html[open.upperBound] == ">" { depth += 1 }
                position = open.upperBound
                continue
            }
            depth -= 1
            if depth == 0 { return Self.plainText(String(html[contentStart..<close.lowerBound])) }
            position = close.upperBound
        }
        return nil
    }

    static func attributes(of tag: String) -> [String: String] {
        var attributes: [String: String] = [:]
        for match in tag.matches(of: /([a-zA-Z-]+)="([^"]*)"/) {
            attributes[String(match.output.1)] = plainText(String(match.output.2))
        }
        return attributes
    }

    /// HTML with its tags removed (each replaced by a space when it ends a block) and its
    /// character references decoded.
    static func plainText(_ html: String) -> String {
        var text = html.replacing(/<\/(li|dd|dt|p|tr|summary|h2|h3)>/, with: "\n")
        text = text.replacing(/<\/td>/, with: "\t")
        text = text.replacing(/<[^>]*>/, with: "")
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " ")]
        {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }
}
