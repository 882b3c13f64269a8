import MotionExport
import MotionPlans
import MotionRenderServer
import MotionRuntime
import MotionScheduler
import MotionTimeline
import MotionValidation

/// libFuzzer's entry point: parse, decode and validate whatever bytes it gives; for documents
/// without errors, run a few seconds of it and bake it (bounded), then write and read back the
/// timeline and export it. Any crash, sanitizer report, hang or runaway allocation is a bug in motionc.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if bytes.first == UInt8(ascii: "{") {
        // A timeline, as `motionc play` and `render` read them.
        if let timeline = try? TimelineJSON.decode(bytes) {
            var playback = TimelinePlayback(timeline: timeline)
            playback.advance(to: min(timeline.end, 2))
            _ = playback.snapshots(at: min(timeline.end, 2))
            exportAll(timeline)
        }
        return 0
    }
    let loaded = DocumentLoader.load(bytes, file: "fuzz.yaml")
    guard let document = loaded.document, !loaded.diagnostics.containsErrors else { return 0 }
    let findings = Validator.validate(document, options: ValidationOptions(forBake: true))
    guard !findings.containsErrors else { return 0 }
    let run = DocumentRun(document: document)
    run.advance(to: 2)
    _ = run.presentation
    let baked = Baker.bake(document, maximumEvents: 5_000)
    let text = TimelineJSON.text(baked.timeline)
    _ = try? TimelineJSON.decode(Array(text.utf8))
    exportAll(baked.timeline)
    return 0
}

/// Exports the first two seconds of `timeline` to every player, as `motionc export` does.
func exportAll(_ timeline: Timeline) {
    let tracks = TimelineTracks(timeline, duration: min(max(timeline.end, 0), 2))
    for format in ExportFormat.allCases { _ = tracks.export(to: format) }
}

/// libFuzzer's driver, called from our own entry point: SwiftPM names an executable's entry
/// point after the target, so the harness hands control to libFuzzer itself.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("motionc_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    }
}
