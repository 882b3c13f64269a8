public import MotionCore
public import MotionDiagnostics
import MotionExport
import MotionPlans
import MotionScheduler
import MotionTimeline
import MotionValidation

/// One compilation of a document for the preview: its stage, and every diagnostic found on the way.
///
/// The stage exists when the document has no errors (docs/format.md §5.3).
public struct PreviewBuild: Sendable {
    /// The stage, curves and report; nil when the document has errors or cannot be read.
    public var stage: PreviewStage?
    /// What validation found, in display order (what the export drops is in the stage's report).
    public var diagnostics: [Diagnostic]
    /// The diagnostics as `motionc validate` prints them, with source lines and carets.
    public var renderedDiagnostics: String
    /// Why the file could not be read, when it could not.
    public var readError: FileError?
    /// Whether the file is a baked timeline (`motionc bake`'s output), not a document.
    ///
    /// Then its diagnostics (unknown keys) say nothing useful, and the command says what it is
    /// instead.
    public var isBakedTimeline = false

    /// Whether the document has errors (or could not be read): no stage.
    public var failed: Bool { stage == nil }

    /// Reads, validates for baking, bakes and exports the document at `path`.
    ///
    /// With `reducedMotion`, its reduced-motion variant (docs/format.md §7.7).
    ///
    /// Never throws: an unreadable file or a document with errors gives a build without a stage.
    ///
    /// `progress` hears how far the stage has come (see ``PreviewStage/init(timeline:file:progress:)``).
    ///
    /// - Complexity: the bake, plus the HTML export and one curve per animated component.
    public static func compile(
        path: String, reducedMotion: Bool = false, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) -> PreviewBuild {
        let loaded: LoadResult
        do {
            loaded = try DocumentLoader.load(path: path)
        } catch {
            return PreviewBuild(stage: nil, diagnostics: [], renderedDiagnostics: "", readError: error)
        }
        var diagnostics = loaded.diagnostics
        if let document = loaded.document, !diagnostics.containsErrors {
            diagnostics += Validator.validate(document, options: ValidationOptions(forBake: true))
        }
        var stage: PreviewStage?
        // A bake holding a number JSON cannot write (docs/format.md §1.6) gets no stage, as
        // `bake` writes no file.
        var overflow = ""
        if let document = loaded.document, !diagnostics.containsErrors {
            let baked = Baker.bake(reducedMotion ? document.reducedMotionVariant() : document)
            if let error = TimelineJSON.firstUnwritableNumber(in: baked.timeline) {
                overflow = "motionc: \(path): \(error); no stage: a number of the document's motion overflows (docs/format.md §1.6)\n"
            } else {
                let built = PreviewStage(timeline: baked.timeline, file: path, progress: progress)
                stage = built
                if let message = baked.boundMessage { stage?.notes.append(message) }
                for target in document.targets { stage?.targetLocations[target.id.value] = target.id.range.start }
            }
        }
        let sorted = diagnostics.sortedForDisplay()
        let source = SourceFile(path: path, text: String(decoding: loaded.text, as: UTF8.self))
        let rendered =
            (sorted.isEmpty ? "" : DiagnosticRenderer.render(sorted, format: .text, sources: [path: source], fileCount: 1))
            + overflow
        stage?.diagnostics = sorted
        return PreviewBuild(
            stage: stage, diagnostics: sorted, renderedDiagnostics: rendered, readError: nil,
            isBakedTimeline: diagnostics.containsErrors && TimelineJSON.looksLikeTimeline(loaded.text))
    }
}
