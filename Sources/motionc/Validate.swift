import ArgumentParser
import MotionCommandLine
import MotionDiagnostics
import MotionExport
import MotionPlans
import MotionScheduler
import MotionTimeline
import MotionValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `motionc validate PATH...`: parse and validate documents, print diagnostics.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Parse and validate motion documents.",
        discussion: """
            Folders are searched recursively for *.yaml and *.yml files (in any case), leaving out \
            hidden folders (.git, .github) and node_modules; a file or folder named here is always \
            read. A path that cannot be read \
            is said on standard error and the other documents are still checked. Exit status: 0 when \
            no errors (warnings allowed), 1 when an error was found, 2 when a file cannot be read or a \
            folder holds no document.
            """)

    @Argument(help: "Files or folders to validate (- for standard input).", transform: InputPath.resolve)
    var paths: [String]

    @Option(help: "Output format: text, json, sarif or github.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    @Option(
        name: .customLong("for"),
        help: "Also check what these players can carry (comma-separated: lottie, html, css), without writing anything.")
    var players: ExportTargets?

    func run() throws {
        let (files, problems) = DocumentFiles.expand(paths)
        // Paths that cannot be used are said on standard error; every other document is still
        // checked and its diagnostics printed in the chosen format (exit 2 at the end).
        for problem in problems { StandardStreams.error("motionc: \(problem)") }
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        var unreadable = !problems.isEmpty
        var failedFiles = 0
        // The last file's document lives until the process ends (see the end of this function).
        var last: LoadResult?
        for file in files {
            do {
                last = nil
                let result = try DocumentLoader.load(path: file)
                last = result
                sources[file] = SourceFile(path: file, bytes: result.text)
                diagnostics += result.diagnostics
                if result.diagnostics.containsErrors, TimelineJSON.looksLikeTimeline(result.text) {
                    // Its diagnostics are unknown keys: say what the file is, as `run` does.
                    StandardStreams.error("motionc: " + DocumentInput.bakedTimelineMessage(file))
                }
                if let document = result.document, !result.diagnostics.containsErrors {
                    let found = Validator.validate(document, options: ValidationOptions(forBake: players != nil))
                    diagnostics += found
                    if let players, !found.containsErrors {
                        let tracks = TimelineTracks(Baker.bake(document).timeline)
                        for format in players.formats {
                            let findings = tracks.export(to: format).findings
                            diagnostics += ExportInput.diagnostics(findings, file: file, document: document, format: format)
                        }
                    }
                }
            } catch {
                StandardStreams.error("motionc: \(error)")
                unreadable = true
                failedFiles += 1
            }
        }
        if strict {
            diagnostics = diagnostics.map { d in
                var d = d
                if d.severity == .warning { d.severity = .error }
                return d
            }
        }
        let read = files.count - failedFiles
        let output = DiagnosticRenderer.render(diagnostics, format: format, sources: sources, fileCount: read)
        // Text says nothing when no document could be read (its summary would claim no problems);
        // the structured formats stay whole documents, so that CI tools can still read them.
        if !(format == .text && read == 0) { try StandardStreams.output(output, terminator: "") }
        if unreadable, read > 0 {
            // The summary counts the documents read: say, last, that it is not all of them.
            StandardStreams.error(
                "motionc: not everything was checked: \(problems.count + failedFiles) of the paths could not be read (above); "
                    + "the output covers the \(read) document\(read == 1 ? "" : "s") that could")
        }
        // The output is written (unbuffered): end the process now rather than free the decoded
        // document value by value on the way out; the system takes its memory back at once.
        let status: ExitStatus = unreadable ? .unavailable : diagnostics.containsErrors ? .invalidInput : .success
        status.end(keeping: last)
    }
}

extension DiagnosticFormat: ExpressibleByArgument {}

/// The players of `validate --for`: a comma-separated list of export formats.
struct ExportTargets: ExpressibleByArgument {
    /// The formats, each once, in the order given (css and html carry the same, so one is checked).
    var formats: [ExportFormat]

    /// `name` without the spaces and tabs around it.
    static func trimmed(_ name: Substring) -> String {
        let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        return String(name.drop(while: blank).reversed().drop(while: blank).reversed())
    }

    init?(argument: String) {
        var formats: [ExportFormat] = []
        for name in argument.split(separator: ",") {
            guard let format = ExportFormat(rawValue: Self.trimmed(name)) else { return nil }
            let same = format == .css ? ExportFormat.html : format
            if !formats.contains(same) { formats.append(same) }
        }
        guard !formats.isEmpty else { return nil }
        self.formats = formats
    }

    static var allValueStrings: [String] { ExportFormat.allCases.map(\.rawValue) }
}
