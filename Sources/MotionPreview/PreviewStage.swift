import MotionCore
public import MotionDiagnostics
public import MotionExport
import MotionJSON
public import MotionTimeline

/// What the preview page shows of one baked timeline.
///
/// The HTML export's stylesheet and elements, one curve per animated component, the export's
/// capability report and the document's warnings.
public struct PreviewStage: Sendable {
    /// The document's name.
    public var name: String
    /// The document's path, as given on the command line.
    public var file: String
    /// The canvas: size, background and frame rate.
    public var canvas: Canvas
    /// Seconds the transport covers: the timeline's end.
    public var duration: Double
    /// The HTML export's stylesheet (`export --to css`).
    public var stylesheet: String
    /// The HTML export's body: the canvas block with an element per target.
    public var elements: String
    /// One curve per animated component, in trace order.
    public var curves: [PreviewCurve]
    /// The HTML export's capability report.
    public var report: [ExportItem]
    /// The document's warnings (a stage exists only without errors).
    public var diagnostics: [Diagnostic] = []
    /// Other remarks, such as a bake that stopped at its bound.
    public var notes: [String] = []
    /// Where each target is declared in the document (its id), for the report's locations.
    public var targetLocations: [String: SourcePosition] = [:]

    /// The stage of `timeline`, exported to HTML as `motionc export --to html` exports it.
    ///
    /// `progress` hears the work done of the work there is: each layer exported, then each curve
    /// sampled (a document with thousands of targets takes seconds).
    ///
    /// - Complexity: the export, plus one curve and its frame samples per animated component.
    public init(timeline: Timeline, file: String, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) {
        let tracks = TimelineTracks(timeline)
        let touched = timeline.touchedComponents
        let total = timeline.layers.count + touched.count
        let export = CSSExporter.export(tracks, page: false, progress: progress.map { report in { done, _ in report(done, total) } })
        name = timeline.name
        self.file = file
        canvas = timeline.canvas
        duration = tracks.span.upperBound
        stylesheet = export.text
        elements = CSSExporter.elements(timeline)
        report = export.items
        var methods: [String: ExportItem] = [:]
        for item in export.items { methods["\(item.target) \(item.property)"] = item }
        curves = touched.enumerated().map { index, touched in
            progress?(timeline.layers.count + index, total)
            return PreviewCurve(
                tracks: tracks, layer: touched.layer, property: touched.property, component: touched.component,
                method: methods)
        }
        progress?(total, total)
    }
}

/// One animated component over the timeline, as the curves panel plots it.
public struct PreviewCurve: Sendable {
    /// The target's id.
    public var target: String
    /// The property path, as the trace and the report name it (`position.x`, `opacity`).
    public var property: String
    /// How the export carries it.
    public var method: ExportMethod
    /// The render server's values at `k · step` seconds, k = 0, 1, ... up to the end.
    public var samples: [Double]
    /// Seconds between samples: one frame, or a whole number of frames on long timelines.
    public var step: Double
    /// The export's keyframes: (seconds, value).
    public var keyframes: [(time: Double, value: Double)]
    /// The spans (seconds) where the export fits the motion with cubic segments.
    public var fittedSpans: [ClosedRange<Double>]

    /// The most samples one curve keeps; longer timelines keep every n-th frame.
    public static let maximumSamples = 2400

    /// The curve of component `c` of `property` on `layer`.
    ///
    /// - Complexity: O(f + s) for f frames and s exported segments, plus the export's fit.
    init(
        tracks: TimelineTracks, layer: Int, property: LayerProperty, component c: Int, method methods: [String: ExportItem]
    ) {
        let timeline = tracks.timeline
        let path = PropertyPath(property, component: property.kind.componentCount > 1 ? c : nil)
        target = timeline.layers[layer].id
        self.property = path.description
        method = methods["\(target) \(self.property)"]?.method ?? .exact
        let fps = timeline.canvas.fps
        let end = tracks.span.upperBound
        let frames = Int(min((end * fps - 1e-9).rounded(.up), 1e7))
        let stride = max(1, (frames + Self.maximumSamples - 1) / Self.maximumSamples)
        step = Double(stride) / fps
        var samples: [Double] = []
        var k = 0
        while k <= max(frames, 0) {
            samples.append(tracks.value(layer: layer, property: property, component: c, at: Double(k) / fps))
            k += stride
        }
        self.samples = samples
        if let (animation, slot) = tracks.soleAnimation(layer: layer, property: property, component: c) {
            // Exported as the tween's own keyframes, repeated by the player: no curve to build.
            keyframes = Self.passes(of: animation, slot: slot, until: end)
            fittedSpans = []
        } else {
            // The export's own curve (made once, shared with the export).
            let curve = tracks.curve(layer: layer, property: property, component: c)
            keyframes = PlayerKeyframes.keyframes([curve]).map { ($0.time, $0.values.first ?? 0) }
            fittedSpans = curve.fittedSpans
        }
    }

    /// The most keyframes one curve marks.
    static let maximumKeyframes = 4000

    /// The keyframes of a repeating tween, pass after pass until `end`, as the player plays them:
    /// an autoreversing repeat is two passes, the second backwards (docs/export.md, CSS and HTML).
    static func passes(of animation: KeyframeAnimation, slot: Int, until end: Double) -> [(time: Double, value: Double)] {
        let keyframes = Keyframes(values: animation.values, offsets: animation.keyTimes, curves: animation.timingFunctions)
        let values = keyframes.values.map { $0[slot] }
        let d = animation.duration
        guard d > 0, d.isFinite, let first = values.first else { return [(animation.beginTime, values.first ?? 0)] }
        let repeats = animation.repeatCount > 0 ? animation.repeatCount : 1
        let count = animation.autoreverses ? repeats * 2 : repeats
        var marks: [(time: Double, value: Double)] = animation.beginTime > 0 ? [(0, first)] : []
        var pass = 0.0
        while pass < count, animation.beginTime + pass * d <= end, marks.count < maximumKeyframes {
            let backward = animation.autoreverses && pass.truncatingRemainder(dividingBy: 2) == 1
            let order = backward ? Array(values.indices.reversed()) : Array(values.indices)
            for j in order {
                let u = backward ? 1 - keyframes.offsets[j] : keyframes.offsets[j]
                let t = animation.beginTime + (pass + u) * d
                if let last = marks.last, last.time >= t { continue }
                marks.append((t, values[j]))
            }
            pass += 1
        }
        return marks
    }
}
