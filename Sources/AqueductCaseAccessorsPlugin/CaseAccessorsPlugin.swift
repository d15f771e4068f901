import Foundation
import PackagePlugin

/// `swift package case-accessors`: generates the case accessors of every `CaseAccessible`
/// enum in the package's targets, or checks that the generated files are up to date.
///
/// ```sh
/// swift package --allow-writing-to-package-directory case-accessors [--target NAME]...
/// swift package case-accessors --check [--target NAME]...
/// ```
///
/// The plugin lists each target's Swift sources and hands them to the
/// `AqueductCaseAccessorGenerator` tool, which does the work and prints what it did.
///
/// It declares no `permissions` on purpose. SwiftPM asks for a declared permission before it
/// runs a plugin, whatever the arguments, and where it cannot ask (no terminal, as in CI) it
/// stops with "Plugin … wants permission to write to the package directory". `--check`
/// writes nothing and must run in CI exactly as `swift package case-accessors --check`.
/// Writing needs no declaration: `--allow-writing-to-package-directory` alone makes the
/// package directory writable inside the plugin sandbox (macOS). Without that flag a write
/// fails there, and the tool says to add it; Linux has no plugin sandbox.
@main
struct CaseAccessorsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let checks = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unknown argument \(extractor.remainingArguments.joined(separator: " ")); "
                    + "use --check and --target NAME"
            )
        }
        let package = context.package
        var targets = package.targets
        if !targetNames.isEmpty {
            targets = try targetNames.map { name in
                guard let target = package.targets.first(where: { $0.name == name }) else {
                    throw PluginFailure(
                        "no target named \(name) in package \(package.displayName); its targets are "
                            + package.targets.map(\.name).joined(separator: ", ")
                    )
                }
                return target
            }
        }
        let writeCommand = Self.writeCommand(for: package.directoryURL)
        var toolArguments = (checks ? ["--check"] : []) + ["--write-command", writeCommand]
        for case let target as SourceModuleTarget in targets {
            let files = target.sourceFiles(withSuffix: "swift").map(\.url.path)
            guard !files.isEmpty else { continue }
            toolArguments += ["--module", target.moduleName] + files
        }
        guard toolArguments.contains("--module") else {
            print("No Swift sources in the targets of \(package.displayName).")
            return
        }
        // An arguments file: a package's sources can be longer than a command line may be.
        let argumentsFile = context.pluginWorkDirectoryURL.appending(path: "case-accessors-arguments.txt")
        try Data(toolArguments.joined(separator: "\n").utf8).write(to: argumentsFile)
        let process = Process()
        process.executableURL = try context.tool(named: "AqueductCaseAccessorGenerator").url
        process.arguments = ["--arguments-file", argumentsFile.path]
        try process.run()
        process.waitUntilExit()
        // The tool has printed each file and problem with its path; this is the closing line.
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure(
                process.terminationReason == .exit && process.terminationStatus == 1
                    ? "generated case accessors are missing or out of date (listed above); run `\(writeCommand)`"
                    : "case accessors could not be generated (see the errors above); nothing was written"
            )
        }
    }
}

extension CaseAccessorsPlugin {
    /// The command that writes the package's files, as the person who ran this one types it:
    /// with `--package-path` when the package is not the current directory (`swift package
    /// --package-path Examples case-accessors --check` must not say to regenerate the root).
    static func writeCommand(for packageDirectory: URL) -> String {
        let command = "swift package --allow-writing-to-package-directory case-accessors"
        let package = packageDirectory.standardizedFileURL.path
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        guard package != current else { return command }
        let path = package.hasPrefix(current + "/") ? String(package.dropFirst(current.count + 1)) : package
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
        let quoted = plain ? path : "'" + path.replacing("'", with: #"'\''"#) + "'"
        return "swift package --package-path \(quoted) --allow-writing-to-package-directory case-accessors"
    }
}

/// What the plugin reports when it stops; SwiftPM prints it as `error: …`.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
