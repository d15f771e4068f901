import Foundation

/// The generator's command line, shared by the `AqueductCaseAccessorGenerator` executable and
/// the tests.
///
/// ```text
/// AqueductCaseAccessorGenerator [--check] [--module NAME] PATH…
/// AqueductCaseAccessorGenerator [--check] --arguments-file FILE
/// ```
///
/// - A `PATH` is a `.swift` file or a directory searched for them (`.build` and hidden
///   directories left out). `--module NAME` applies to the paths after it.
/// - `--arguments-file FILE` reads more arguments, one a line — how the plugin passes the
///   sources of every target without a command-line length limit.
/// - Without `--check`, missing and stale generated files are written, and generated files no
///   source needs any more are removed. With `--check`, nothing is written.
/// - `--write-command TEXT` is the command the messages tell to run to write the files: the
///   plugin passes one with `--package-path` when the package is not the current directory,
///   so that a check failing on `Examples/` says to regenerate `Examples/`.
///
/// Exit status: 0 when everything is (now) up to date; 1 when `--check` found files to change;
/// 2 when a source could not be handled or a file could not be written — then nothing is
/// written at all.
package enum Command {
    /// The command that writes the files, for messages, when `--write-command` names none.
    package static let writeCommand = "swift package --allow-writing-to-package-directory case-accessors"

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the executable's name.
    ///   - output: Receives progress lines.
    ///   - errors: Receives error lines.
    /// - Returns: The exit status.
    package static func run(
        _ arguments: [String],
        output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            errors("error: \(error.message)")
            errors(Options.usage)
            return 2
        }
        if options.showsHelp {
            output(Options.usage)
            return 0
        }
        let writeCommand = options.writeCommand ?? Self.writeCommand
        let plan = Plan.make(for: options.groups)
        let fileCount = options.groups.reduce(0) { $0 + $1.files.count }
        for problem in plan.problems { errors(problem) }
        if !plan.problems.isEmpty {
            errors(
                "error: case accessors cannot be generated: \(plural(plan.problems.count, "problem")) above; "
                    + "nothing was written"
            )
            return 2
        }
        if options.checks {
            for change in plan.changes { errors(describe(change, checking: true)) }
            guard plan.changes.isEmpty else {
                errors(
                    "error: \(plural(plan.changes.count, "generated file")) missing or out of date; run `\(writeCommand)`"
                )
                return 1
            }
            output(
                "Case accessors are up to date (\(plural(plan.upToDate, "generated file")), \(plural(fileCount, "source file")) read)."
            )
            return 0
        }
        do {
            try plan.apply()
        } catch {
            errors(
                "\(Plan.display(error.path)):1: error: cannot write the generated file: \(error.reason). Inside the "
                    + "plugin sandbox the package directory is writable only with `\(writeCommand)`"
            )
            return 2
        }
        for change in plan.changes { output(describe(change, checking: false)) }
        output(
            plan.changes.isEmpty
                ? "Case accessors are up to date (\(plural(plan.upToDate, "generated file")))."
                : "Case accessors: \(plural(plan.changes.count, "file")) changed, \(plan.upToDate) up to date."
        )
        return 0
    }

    private static func describe(_ change: Plan.Change, checking: Bool) -> String {
        let path = Plan.display(change.path)
        switch change {
        case .create(_, _, let source):
            return checking
                ? "\(path):1: error: missing: \(Plan.display(source)) declares CaseAccessible enums"
                : "Wrote \(path)"
        case .update(_, let contents, let source, let existing):
            let what =
                CaseChanges(old: existing, new: contents).summary
                ?? "generates something else (its imports, or the generator's format, changed)"
            return checking
                ? "\(path):1: error: out of date: \(Plan.display(source)): \(what)"
                : "Updated \(path)"
        case .remove(_, let source, let sourceExists):
            let why =
                sourceExists
                ? "\(Plan.display(source)) declares no CaseAccessible enum"
                : "\(Plan.display(source)) does not exist"
            return checking ? "\(path):1: error: stale: \(why)" : "Removed \(path) (\(why))"
        }
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The parsed arguments.
    struct Options {
        var checks = false
        var showsHelp = false
        var writeCommand: String?
        var groups: [SourceGroup] = []

        struct Failure: Error {
            let message: String
        }

        static let usage = """
            usage: AqueductCaseAccessorGenerator [--check] [--module NAME] PATH...
                   AqueductCaseAccessorGenerator [--check] --arguments-file FILE
              PATH                   a .swift file or a directory searched for them
              --module NAME          the module of the paths that follow
              --arguments-file FILE  more arguments, one a line
              --check                write nothing; exit 1 when a generated file is missing or stale
              --write-command TEXT   the command messages tell to run to write the files
            """

        static func parse(_ arguments: [String]) throws(Failure) -> Options {
            var options = Options()
            var module: String?
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--check":
                    options.checks = true
                case "--help", "-h":
                    options.showsHelp = true
                case "--module":
                    guard let name = remaining.popFirst() else { throw Failure(message: "--module needs a name") }
                    module = name
                case "--write-command":
                    guard let command = remaining.popFirst(), !command.isEmpty else {
                        throw Failure(message: "--write-command needs the command")
                    }
                    options.writeCommand = command
                case "--arguments-file":
                    guard let path = remaining.popFirst() else {
                        throw Failure(message: "--arguments-file needs a path")
                    }
                    guard let data = FileManager.default.contents(atPath: path) else {
                        throw Failure(message: "cannot read the arguments file \(path)")
                    }
                    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
                    remaining = lines[...] + remaining
                case let option where option.hasPrefix("-"):
                    throw Failure(message: "unknown option \(option)")
                default:
                    let files = try swiftFiles(at: argument)
                    if let last = options.groups.last, last.module == module {
                        options.groups[options.groups.count - 1].files += files
                    } else {
                        options.groups.append(SourceGroup(module: module, files: files))
                    }
                }
            }
            guard options.showsHelp || !options.groups.isEmpty else { throw Failure(message: "no source paths given") }
            return options
        }

        private static func swiftFiles(at path: String) throws(Failure) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(message: "no such file or directory: \(path)")
            }
            guard isDirectory.boolValue else { return [path] }
            var files: [String] = []
            let root = URL(fileURLWithPath: path)
            let enumerator = FileManager.default.enumerator(
                at: root,
                includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles]
            )
            while let url = enumerator?.nextObject() as? URL {
                if url.lastPathComponent == ".build" {
                    enumerator?.skipDescendants()
                } else if url.pathExtension == "swift" {
                    files.append(url.path)
                }
            }
            return files.sorted()
        }
    }
}
