import MotionCommandLine
import MotionDiagnostics
import MotionPlans
import MotionTimeline
import MotionValidation

/// Loading one document for a command that runs it (`run`, `bake`): read, decode, validate.
enum DocumentInput {
    /// What is said of a baked timeline given where a motion document is read.
    static func bakedTimelineMessage(_ path: String) -> String {
        "\(path) is a baked timeline, not a motion document: `play`, `render` and `export` read timelines"
    }

    /// Loads and validates the document at `path`, printing its diagnostics (text, as
    /// `motionc validate` prints them) to standard error.
    ///
    /// - Throws: ``FileError`` when the file cannot be read; ``CommandFailure/reported`` when the
    ///   document has errors (warnings alone do not stop it); ``CommandFailure/invalidInput(_:)``
    ///   for a baked timeline, which is no document.
    /// With `reducedMotion`, the document's reduced-motion variant (docs/format.md §7.7).
    /// `bytes`, when given, are the file's, read already (a pipe cannot be read twice).
    static func load(
        path: String, bytes: [UInt8]? = nil, options: ValidationOptions = ValidationOptions(), reducedMotion: Bool = false
    ) throws -> MotionDocument {
        let result = try bytes.map { DocumentLoader.load(read: $0, path: path) } ?? DocumentLoader.load(path: path)
        var diagnostics = result.diagnostics
        if let document = result.document, !diagnostics.containsErrors {
            diagnostics += Validator.validate(document, options: options)
        }
        if diagnostics.containsErrors, TimelineJSON.looksLikeTimeline(result.text) {
            // A baked timeline read as YAML gives a screen of unknown keys: say what it is instead.
            throw CommandFailure.invalidInput(bakedTimelineMessage(path))
        }
        if !diagnostics.isEmpty {
            let sources = [path: SourceFile(path: path, bytes: result.text)]
            let text = DiagnosticRenderer.render(diagnostics, format: .text, sources: sources, fileCount: 1)
            StandardStreams.error(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        }
        guard let document = result.document, !diagnostics.containsErrors else { throw CommandFailure.reported }
        return reducedMotion ? document.reducedMotionVariant() : document
    }
}
