import MotionPreview
import MotionRenderServer
import MotionTimeline

/// What `motionc preview` and the live preview server (`motionc-preview-server`) share.
package enum PreviewStart {
    /// The executable that serves `motionc preview --serve`, installed next to `motionc`.
    package static let serverProduct = "motionc-preview-server"

    /// The build the command starts from, with a progress bar on a terminal while the stage is made.
    ///
    /// - Throws: ``CommandFailure/file(_:)`` when the file cannot be read (exit 2, with `-o` and
    ///   `--serve` alike: a server that could only say so would serve nothing), and
    ///   ``CommandFailure/invalidInput(_:)`` for a baked timeline, as `bake` and `run` say.
    package static func firstBuild(file: String, reducedMotion: Bool) throws -> PreviewBuild {
        var bar: TerminalProgress?
        let build = PreviewBuild.compile(path: file, reducedMotion: reducedMotion) { done, total in
            if let bar {
                bar.update(done: done)
            } else {
                // Drawn from the first report (the bake before it has no count to show).
                bar = TerminalProgress(total: total, unit: "steps", rate: "steps/s")
                bar?.update(done: 0)
            }
        }
        bar?.finish()
        if let readError = build.readError { throw CommandFailure.file(readError) }
        if build.isBakedTimeline { throw CommandFailure.invalidInput(bakedTimelineMessage(file)) }
        return build
    }

    /// Writes the page of `build` to `output` (`preview -o`), after its diagnostics on standard
    /// error (unless `printing` is false and the build has no error: a server prints them as it
    /// starts); a build with errors writes nothing.
    ///
    /// - Throws: ``CommandFailure/reported`` when the build has errors (exit 1), or the write's error.
    package static func writePage(of build: PreviewBuild, to output: String, printing: Bool = true) throws {
        if printing || build.stage == nil, !build.renderedDiagnostics.isEmpty {
            StandardStreams.error(String(build.renderedDiagnostics.dropLast()))
        }
        guard build.stage != nil else { throw CommandFailure.reported }
        try AtomicFile.write(Array(PreviewPage.html(build, live: false).utf8), to: output)
    }

    /// What preview says of a baked timeline, in place of its screen of unknown keys.
    package static func bakedTimelineMessage(_ file: String) -> String {
        "\(file) is a baked timeline, not a motion document: `preview` takes the document (`motionc preview DOCUMENT.yaml`); "
            + "`play`, `render` and `export` read timelines"
    }
}
