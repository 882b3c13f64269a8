import ArgumentParser
import MotionCommandLine
import MotionCore
import MotionDiagnostics
import MotionExport
import MotionJSON
import MotionPlans
import MotionRenderServer
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

/// `motionc export FILE_OR_TIMELINE --to lottie|html|css -o OUT`: a baked timeline for another player.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a baked timeline to Lottie, an HTML page or a CSS stylesheet.",
        discussion: """
            Takes a motion document (baked first) or a baked timeline. Tweens become the player's own \
            cubic-bezier keyframes, exactly; springs, friction and gestures are fitted with cubic \
            segments within 1e-3 of each property's range; so are the values links and squashAndStretch \
            set at every frame (--steps exact keeps them as one held step per frame). One line per animated (target, property) \
            says what was done: exact, fitted (keyframes, largest error) or dropped (why); dropped \
            properties are also X001 warnings. The output is byte-identical for the same input and \
            written atomically. Exit status: 0; 1 when the document has errors, or with --strict when \
            something is dropped (X001; a document's own warnings do not fail an export: run \
            `motionc validate --strict` for those); 2 when a file cannot be read or written.
            """)

    @Argument(help: "A motion document or a baked timeline (.json; - for standard input).", transform: InputPath.resolve)
    var file: String

    @Option(help: "The player: lottie, html or css.")
    var to: ExportFormat

    @Option(name: .shortAndLong, help: "Where to write the export (- for standard output; the report lines then go to standard error).")
    var output: String

    @Option(help: "Also write the capability report as JSON here.")
    var report: String?

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(
        parsing: .unconditional,
        help: "Seconds to export (default: the timeline's end); repeats that run forever are unrolled until then.")
    var duration: Double?

    @Option(
        help: ArgumentHelp(
            "How values set at every frame (links, squashAndStretch) are written: fitted (keyframes within the error budget at every frame; a jump stays a jump) or exact (one held step per frame, as the render server shows them; large files).",
            valueName: "fitted|exact"))
    var steps: FrameSteps = .fitted

    @Flag(help: "Fail (exit 1, nothing written) when something cannot be carried (X001).")
    var strict = false

    @Flag(help: "Compile the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    func validate() throws {
        if let duration, !(duration >= 0 && duration <= 86_400) {
            throw ValidationError("--duration must be a number of seconds from 0 to 86400")
        }
        try OutputCollisions.check(inputs: [file], outputs: [("-o", output), ("--report", report)])
    }

    func run() throws {
        // Both files are opened before anything is exported or printed: an output that cannot be
        // written (a missing folder) fails the command at once, with no report lines, and leaves
        // the other output's earlier file as it was. A writer dropped on failure removes its
        // temporary file.
        let exportFile = try AtomicFileWriter(path: output)
        let reportFile = try report.map { path throws(FileError) in try AtomicFileWriter(path: path) }
        let (timeline, document) = try TimelineInput.loadWithDocument(path: file, reducedMotion: reducedMotion)
        let tracks = TimelineTracks(timeline, duration: duration, steps: steps)
        let result: ExportResult
        if to != .lottie, !reducedMotion, let document, document.hasReducedMotionVariant {
            // Pages carry the reduced-motion variant too, under @media (prefers-reduced-motion: reduce).
            let reduced = Baker.bake(document.reducedMotionVariant()).timeline
            try Bake.checkNumbers(reduced, path: file)
            result = CSSExporter.export(tracks, reduced: TimelineTracks(reduced, duration: duration, steps: steps), page: to == .html)
        } else {
            let bar = TerminalProgress(total: timeline.layers.count, unit: "layers", rate: "layers/s")
            result = tracks.export(to: to) { done, _ in bar.update(done: done) }
            bar.finish()
        }
        // A timeline's ids are any text: its report lines are printed as text, never as terminal
        // controls; on standard error when standard output carries the export or the report.
        let toStandardError = StandardStreams.isStandardOutput(output) || report.map(StandardStreams.isStandardOutput) == true
        for item in result.items { try StandardStreams.summary(DiagnosticRenderer.printable(item.line), toStandardError: toStandardError) }
        let diagnostics = ExportInput.diagnostics(result.findings, file: file, document: document)
        if !diagnostics.isEmpty {
            StandardStreams.error(ExportInput.render(diagnostics, file: file))
        }
        if strict && !diagnostics.isEmpty {
            // The warnings above are the reason; say that they failed the command, and that no
            // file was written.
            let count = diagnostics.count == 1 ? "a warning says" : "\(diagnostics.count) warnings say"
            StandardStreams.error("motionc: --strict: nothing written, as \(count) what \(to.rawValue) cannot carry")
            throw CommandFailure.reported
        }
        if to == .lottie, let offset = JSONNulls.first(in: result.bytes) {
            // Lottie files hold no null: one is a number the export computed and JSON cannot hold.
            throw CommandFailure.invalidInput(
                "\(file): the Lottie export computed a number that is not finite (byte \(offset) of the output); nothing written")
        }
        exportFile.write(result.bytes)
        reportFile?.write(Array(result.reportJSON.utf8))
        try exportFile.commit()
        try reportFile?.commit()
        // Everything is written: end the process rather than free the timeline and its curves.
        ExitStatus.success.end(keeping: (timeline, result))
    }
}

extension ExportFormat: ExpressibleByArgument {}

extension FrameSteps: ExpressibleByArgument {}

/// Turning an export's findings into diagnostics.
enum ExportInput {
    /// One X-coded warning per finding (X001 dropped, X002 cut short), at the target's id in the document (or the file's start).
    static func diagnostics(_ findings: [ExportFinding], file: String, document: MotionDocument?, format: ExportFormat? = nil)
        -> [Diagnostic]
    {
        findings.map { finding in
            let range = document?.targets.first { $0.id.value == finding.target }?.id.range ?? .fileStart
            let player = format.map { " (\($0.rawValue))" } ?? ""
            switch finding.kind {
            case .dropped:
                return Diagnostic(
                    .X001, "\(finding.property) on #\(finding.target) is dropped\(player): \(finding.message)", file: file,
                    at: range, help: "see docs/export.md for what each player carries")
            case .cutShort:
                return Diagnostic(
                    .X002, "\(finding.property) on #\(finding.target) is cut short\(player): \(finding.message)", file: file,
                    at: range, help: "see docs/export.md §3: repeats are unrolled for at most 100000 passes")
            }
        }
    }

    /// Diagnostics as text, as `validate` prints them.
    static func render(_ diagnostics: [Diagnostic], file: String) -> String {
        let sources: [String: SourceFile]
        if let bytes = try? AtomicFile.read(file) {
            sources = [file: SourceFile(path: file, text: String(decoding: bytes, as: UTF8.self))]
        } else {
            sources = [:]
        }
        let text = DiagnosticRenderer.render(diagnostics, format: .text, sources: sources, fileCount: 1)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
