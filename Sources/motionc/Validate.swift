import ArgumentParser
import MotionDiagnostics
import MotionPlans
import MotionValidation

/// `motionc validate PATH...`: parse and validate documents, print diagnostics.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse and validate motion documents.",
        discussion: """
            Folders are searched recursively for *.yaml and *.yml files. Exit status: 0 when no errors \
            (warnings allowed), 1 when an error was found, 2 when a file cannot be read or a folder \
            holds no document.
            """)

    @Argument(help: "Files or folders to validate.")
    var paths: [String]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        let files = try DocumentFiles.expand(paths)
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        var unreadable = false
        for file in files {
            do {
                let result = try DocumentLoader.load(path: file)
                sources[file] = SourceFile(path: file, text: String(decoding: result.text, as: UTF8.self))
                diagnostics += result.diagnostics
                if let document = result.document, !result.diagnostics.containsErrors {
                    diagnostics += Validator.validate(document)
                }
            } catch {
                StandardStreams.error("motionc: \(error)")
                unreadable = true
            }
        }
        if strict {
            diagnostics = diagnostics.map { d in
                var d = d
                if d.severity == .warning { d.severity = .error }
                return d
            }
        }
        let output = DiagnosticRenderer.render(
            diagnostics.sortedForDisplay(), format: format, sources: sources, fileCount: files.count)
        StandardStreams.output(output, terminator: "")
        if unreadable { throw ExitCode(2) }
        if diagnostics.containsErrors { throw ExitCode(1) }
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}
