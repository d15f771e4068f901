import Foundation

/// A fresh directory under the system temporary directory, removed when released: what the
/// generator's unit tests and its integration tests (an adopter's package built) write in.
package final class TemporaryDirectory {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("case-accessors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` inside the directory.
    package func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `contents` to `name`, creating folders on the way; returns the path.
    @discardableResult
    package func write(_ name: String, _ contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        return file.path
    }

    /// The contents of `name`, or `nil` when it does not exist.
    package func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` exists.
    package func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }
}
