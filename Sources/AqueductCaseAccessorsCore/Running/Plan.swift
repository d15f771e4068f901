import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What regenerating would change on disk, worked out without changing anything.
///
/// `--check` reports the plan's changes and fails when there are any; a normal run applies
/// them. A plan with ``problems`` is never applied: a file the generator could not read may
/// still need its generated file, so neither that file nor any other is touched.
///
/// ```swift
/// let plan = Plan.make(for: [SourceGroup(module: "Sync", files: paths)])
/// if plan.problems.isEmpty { try plan.apply() }
/// ```
package struct Plan: Equatable, Sendable {
    /// One change to one generated file.
    package enum Change: Equatable, Sendable {
        /// Create the file, which is missing.
        case create(path: String, contents: String, source: String)
        /// Replace the file, which differs from what its source generates; `existing` is what it
        /// holds now.
        case update(path: String, contents: String, source: String, existing: String)
        /// Remove the file: its source is gone or declares no opted-in enum.
        case remove(path: String, source: String, sourceExists: Bool)

        /// The generated file the change is about.
        package var path: String {
            switch self {
            case .create(let path, _, _), .update(let path, _, _, _), .remove(let path, _, _): path
            }
        }
    }

    /// The changes, ordered by path.
    package var changes: [Change] = []
    /// What could not be handled, as `path:line: error: message` lines.
    package var problems: [String] = []
    /// How many generated files are already up to date.
    package var upToDate = 0

    /// Works out the plan for `groups`.
    ///
    /// Every listed file is read. A file is a generated one when both its name ends in
    /// `+CaseAccessors.swift` and its first line is the generator's header; any other is a
    /// source, parsed when it mentions `CaseAccessible` — a file that only copies the header
    /// is never removed. A generated file is expected beside each source with an opted-in enum;
    /// one that no source expects is stale. A file in the expected place that the generator did
    /// not write is a problem, never overwritten.
    ///
    /// - Parameter groups: The files, by module.
    /// - Returns: The plan.
    package static func make(for groups: [SourceGroup]) -> Plan {
        var plan = Plan()
        var expected: [String: (contents: String, source: String)] = [:]
        var generated: Set<String> = []
        for group in groups {
            for file in Set(group.files).sorted() {
                guard let text = Self.read(file) else {
                    plan.problems.append("\(display(file)):1: error: cannot read the file")
                    continue
                }
                if file.hasSuffix(Emitter.generatedSuffix) && text.hasPrefix(Emitter.headerPrefix) {
                    generated.insert(file)
                    continue
                }
                let name = (file as NSString).lastPathComponent
                switch CaseAccessorGenerator.generate(source: text, sourceName: name, module: group.module) {
                case .nothing:
                    break
                case .generated(let contents):
                    let output = ((file as NSString).deletingLastPathComponent as NSString)
                        .appendingPathComponent(Emitter.generatedName(forSource: name))
                    expected[output] = (contents, file)
                case .failed(let diagnostics):
                    plan.problems += diagnostics.map { $0.formatted(path: display(file)) }
                }
            }
        }
        for (path, output) in expected.sorted(by: { $0.key < $1.key }) {
            guard let existing = Self.read(path) else {
                plan.changes.append(.create(path: path, contents: output.contents, source: output.source))
                continue
            }
            if existing == output.contents {
                plan.upToDate += 1
            } else if existing.hasPrefix(Emitter.headerPrefix) {
                plan.changes.append(
                    .update(path: path, contents: output.contents, source: output.source, existing: existing)
                )
            } else {
                plan.problems.append(
                    "\(display(path)):1: error: this file was not written by case-accessors, but the accessors of "
                        + "\(display(output.source)) go here; rename it"
                )
            }
        }
        for path in generated.sorted() where expected[path] == nil {
            let directory = (path as NSString).deletingLastPathComponent
            let name = (path as NSString).lastPathComponent
            let sourceName = String(name.dropLast(Emitter.generatedSuffix.count)) + ".swift"
            let source = (directory as NSString).appendingPathComponent(sourceName)
            plan.changes.append(
                .remove(path: path, source: source, sourceExists: FileManager.default.fileExists(atPath: source))
            )
        }
        plan.changes.sort { $0.path < $1.path }
        return plan
    }

    /// Writes and removes files as planned. A file is written beside its final name and
    /// renamed over it, so a reader never sees half a file.
    ///
    /// - Throws: ``WriteError`` for the first file that cannot be written or removed.
    package func apply() throws(WriteError) {
        for change in changes {
            switch change {
            case .create(let path, let contents, _), .update(let path, let contents, _, _):
                try Self.writeFile(contents, to: path)
            case .remove(let path, _, _):
                guard unlink(path) == 0 else { throw WriteError(path: path, reason: Self.lastError()) }
            }
        }
    }

    /// A file that could not be written or removed.
    package struct WriteError: Error, Equatable, Sendable {
        /// The file.
        package let path: String
        /// What the system said: `Permission denied`, `Is a directory`.
        package let reason: String
    }

    private static func writeFile(_ contents: String, to path: String) throws(WriteError) {
        let temporary = path + ".case-accessors-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: lastError()) }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            guard result > 0 else {
                let reason = lastError()
                close(descriptor)
                unlink(temporary)
                throw WriteError(path: path, reason: reason)
            }
            written += result
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    private static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `path` relative to the working directory when it is inside it.
    package static func display(_ path: String) -> String {
        let directory = FileManager.default.currentDirectoryPath
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
