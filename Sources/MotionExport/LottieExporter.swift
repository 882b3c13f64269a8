import MotionCore
import MotionJSON
import MotionTimeline

/// Writes a baked timeline as Lottie JSON (Bodymovin 5.x), the layout of docs/export.md §3.
///
/// One shape layer per target, parented as the tree; transforms, rectangles or ellipses, fills
/// and strokes; every animated component as Lottie keyframes with per-dimension cubic-bezier
/// handles. A target with children whose opacity falls below 1 becomes a precomposition, so its
/// subtree fades as one group, as the render server draws it.
public final class LottieExporter {
    /// The timeline taken apart.
    let tracks: TimelineTracks
    /// Frames per second of the composition.
    let fps: Double
    /// Children of each layer, and the top-level layers, in document order.
    let children: [[Int]]
    let roots: [Int]
    /// Every component a player shows, memoised: at `(layer * channelsPerLayer + ordinal) * 4 +
    /// component`, 1 + its index in `shownCurves` (0 until it is made).
    var shownIndex: [Int32]
    var shownCurves: [ShownCurve] = []
    /// What each (layer, path) component became, for the report, by ``code(_:_:)``.
    var items: ItemTable
    /// Problems to report as diagnostics.
    var findings: [ExportFinding] = []
    /// Told of every shape layer written: (written, layers in all).
    var progress: ((Int, Int) -> Void)?
    /// Shape layers written so far.
    var written = 0
    /// The shapes text of layers whose shapes do not move and have no border, by what it is made
    /// of (see ``shapes(_:to:)``): many layers share one.
    var stillShapes: [[UInt64]: [UInt8]] = [:]
    /// The last constant curve shown of each component no event touches, at its
    /// `AnimatedComponent.slot`: the next layer with the same value shares it.
    var stillCurves = [ShownCurve?](repeating: nil, count: PresentationModel.channelsPerLayer * 4)
    /// The last curve ``derived(_:_:feeds:_:)`` made of still inputs.
    var lastStillDerived: ShownCurve?

    /// Shown values are limited to these intervals, as the render server limits them on screen.
    static let unit: ClosedRange<Double> = 0...1

    init(_ tracks: TimelineTracks) {
        self.tracks = tracks
        let timeline = tracks.timeline
        fps = timeline.canvas.fps
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        for (i, layer) in timeline.layers.enumerated() {
            if let parent = layer.parent, parent >= 0, parent < i { children[parent].append(i) } else { roots.append(i) }
        }
        self.children = children
        self.roots = roots
        shownIndex = [Int32](repeating: 0, count: timeline.layers.count * PresentationModel.channelsPerLayer * 4)
        // About two report items for each animated property, recorded without hashing.
        items = ItemTable(layers: timeline.layers.count, capacity: tracks.histories.count * 2)
    }

    /// The report's key of a component: its `AnimatedComponent.code`.
    static func code(_ layer: Int, _ path: PropertyPath) -> Int {
        AnimatedComponent.code(layer: layer, path.property, path.component ?? 0)
    }

    /// The Lottie document and what became of each animated component.
    ///
    /// - Complexity: O(c·(s + d)) for c animated components, s segments each and d check times.
    public static func export(_ tracks: TimelineTracks, progress: ((Int, Int) -> Void)? = nil) -> ExportResult {
        let exporter = LottieExporter(tracks)
        exporter.progress = progress
        let bytes = exporter.document()
        return ExportResult(format: .lottie, bytes: bytes, items: exporter.reportItems(), findings: exporter.findings)
    }

    // MARK: - Shown values

    /// A component as shown (limited where the render server limits it), memoised.
    func shown(_ layer: Int, _ property: LayerProperty, _ c: Int) -> ShownCurve {
        let key = layer * PresentationModel.channelsPerLayer * 4 + AnimatedComponent.slot(property, c)
        let cached = shownIndex.indices.contains(key) && (0..<4).contains(c) ? Int(shownIndex[key]) : -1
        if cached > 0 { return shownCurves[cached - 1] }
        let limit: ClosedRange<Double>? = property == .opacity || property == .backgroundColor || property == .borderColor ? Self.unit : nil
        let curve: ShownCurve
        let slot = AnimatedComponent.slot(property, c)
        if !tracks.isAnimated(layer: layer, property: property), (0..<4).contains(c), stillCurves.indices.contains(slot) {
            // A component no event touches: the constant curve of the last layer that showed the
            // same value here (most layers share most values), made anew only for a new value.
            let v = tracks.stillValue(layer: layer, property: property, component: c, limit: limit)
            if let last = stillCurves[slot], last.segments.first?.from.bitPattern == v.bitPattern {
                curve = last
            } else {
                curve = .constant(v, over: tracks.span)
                stillCurves[slot] = curve
            }
        } else {
            curve = tracks.curve(layer: layer, property: property, component: c, limit: limit)
        }
        if cached == 0, shownCurves.count < Int(Int32.max) {
            shownCurves.append(curve)
            shownIndex[key] = Int32(shownCurves.count)
        }
        if tracks.isAnimated(layer: layer, property: property) {
            let path = PropertyPath(property, component: property.kind.componentCount > 1 ? c : nil)
            record(layer, path, curve)
        }
        return curve
    }

    /// Records what a component became (the worst of the Lottie properties it feeds).
    func record(_ layer: Int, _ path: PropertyPath, _ curve: ShownCurve) {
        // A value that never changes is written as a static value: exact, one keyframe.
        let constant = curve.isConstant
        let item = ExportItem(
            target: tracks.timeline.layers[layer].id, property: path.description, method: constant ? .exact : curve.method,
            keyframes: constant ? 1 : PlayerKeyframes.count(curve), maxError: curve.maxError, reason: nil,
            frameRuns: constant ? nil : curve.frameRuns)
        let code = Self.code(layer, path)
        if let old = items[code], old.method == .dropped || (old.method == .fitted && item.method == .exact) { return }
        if let time = curve.unrolledUntil {
            // Written as far as it was unrolled, reported as not carried past it: X002.
            let message = ExportFinding.cutShortMessage(at: time, end: tracks.span.upperBound)
            var cut = item
            cut.method = .dropped
            cut.reason = message
            items[code] = cut
            findings.append(ExportFinding(target: cut.target, property: cut.property, message: message, kind: .cutShort))
            return
        }
        items[code] = item
    }

    /// Gives the report items of `paths` on `layer` the number of keyframes the Lottie property
    /// that carries them holds (from ``property(_:scale:to:)``): one count for all the
    /// dimensions of a property, which share their keyframes (a scale's `s: [x, y]`), rather than
    /// each curve's own. Items not recorded (components no event touches) and dropped ones stay.
    ///
    /// A component whose curve shares an easing with another moving on a different one is
    /// fitted, its largest error grown by what the sharing moved it (docs/export.md §3).
    func carried(_ layer: Int, _ paths: [PropertyPath], _ written: WrittenProperty) {
        for (d, path) in paths.enumerated() {
            let code = Self.code(layer, path)
            guard var item = items[code], item.method != .dropped else { continue }
            let shared = d < written.sharedEasingErrors.count ? written.sharedEasingErrors[d] : 0
            guard item.keyframes != written.keyframes || shared > 0 else { continue }
            item.keyframes = written.keyframes
            if shared > 0 {
                item.method = .fitted
                item.maxError += shared
                item.reason = Self.sharedEasingNote
            }
            items[code] = item
        }
    }

    /// The report's note on a component fitted because its property's dimensions share one easing.
    static let sharedEasingNote =
        "rlottie and lottie-ios read one easing for all of a property's dimensions: "
        + "its components' different curves are fitted with shared easings"

    /// The paths of a property's first `count` components (`scale.x`, `scale.y`).
    static func paths(_ property: LayerProperty, _ count: Int) -> [PropertyPath] {
        (0..<count).map { PropertyPath(property, component: $0) }
    }

    /// A value computed from components (`inputs`), as a curve: exact when it is an affine map of
    /// one animated component, else fitted to the computed values.
    func derived(
        _ layer: Int, _ inputs: [(LayerProperty, Int)], feeds: [PropertyPath] = [], _ f: @escaping ([Double]) -> Double
    ) -> ShownCurve {
        if !inputs.contains(where: { tracks.isAnimated(layer: layer, property: $0.0) }) {
            // Every input still: the computed value, as the constant curve of the last still
            // value computed when it is the same.
            let v = f(inputs.map { shown(layer, $0.0, $0.1).segments.first?.from ?? 0 })
            if let last = lastStillDerived, last.segments.first?.from.bitPattern == v.bitPattern { return last }
            let curve = ShownCurve.constant(v, over: tracks.span)
            lastStillDerived = curve
            return curve
        }
        let curves = inputs.map { shown(layer, $0.0, $0.1) }
        let values = curves.map { $0.segments.first?.from ?? 0 }
        let animated = curves.indices.filter { !curves[$0].isConstant }
        if animated.isEmpty { return .constant(f(values), over: tracks.span) }
        if animated.count == 1 {
            let i = animated[0]
            var lo = Double.infinity
            var hi = -Double.infinity
            // The values the input takes, overshooting curves included: the map must be affine there.
            for s in curves[i].segments {
                for k in 0...16 {
                    let v = s.value(at: s.start + (s.end - s.start) * Double(k) / 16)
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
            }
            func at(_ x: Double) -> Double {
                var v = values
                v[i] = x
                return f(v)
            }
            let b = at(0)
            let a = at(1) - b
            let affine = [lo, lo + (hi - lo) / 4, (lo + hi) / 2, hi - (hi - lo) / 4, hi].allSatisfy { x in
                abs(at(x) - (a * x + b)) <= 1e-9 * max(1, abs(at(x)))
            }
            if affine { return curves[i].mapped(scale: a, offset: b) }
        }
        // Fitted to the computed values, with every input's knots as breakpoints.
        let truth: (Double) -> Double = { [tracks] t in
            f(inputs.map { tracks.value(layer: layer, property: $0.0, component: $0.1, at: t) })
        }
        var lo = Double.infinity
        var hi = -Double.infinity
        tracks.forEachCheckTime { t in
            let v = truth(t)
            lo = min(lo, v)
            hi = max(hi, v)
        }
        let tolerance = hi - lo >= 1 ? 1e-3 * (hi - lo) : 1e-3
        var knots: Set<Double> = []
        for i in animated { for s in curves[i].segments { knots.insert(s.start) } }
        let fit = CurveFitter.fit(
            over: tracks.span, tolerance: tolerance * 0.9, checkStep: tracks.checkStep,
            breakpoints: knots.filter { $0 > tracks.span.lowerBound && $0 < tracks.span.upperBound }.sorted(), value: truth)
        var curve = ShownCurve(segments: fit.segments, method: .fitted, maxError: 0)
        curve.maxError = tracks.maxError(of: curve, truth: truth)
        for path in feeds { record(layer, path, curve) }
        return curve
    }

    // MARK: - Properties

    /// What ``property(_:scale:to:)`` wrote.
    struct WrittenProperty {
        /// The keyframes the property holds: those its dimensions share, or 1 for a static value.
        var keyframes: Int
        /// Per dimension, in the curves' own units (before `scale`), the largest difference that
        /// sharing one easing between dimensions moving on different curves made (0: none).
        var sharedEasingErrors: [Double] = []
    }

    /// Writes a Lottie property from curves (one per dimension), each value multiplied by `scale`,
    /// and returns how many keyframes it holds and what sharing easings cost.
    ///
    /// Every keyframe carries one easing for all dimensions (rlottie and lottie-ios read only the
    /// first), by ``PlayerKeyframes/sharingEasings(_:tolerances:checkStep:)``: a still dimension takes a
    /// moving one's easing, exactly; dimensions moving on different curves share fitted pieces.
    @discardableResult
    func property(_ curves: [ShownCurve], scale: Double = 1, to json: inout JSONStream) -> WrittenProperty {
        // Constant curves are written as their values, scaled as `mapped(scale:offset:)` would.
        if curves.allSatisfy(\.isConstant) {
            Self.constant(
                curves.map { curve in curve.segments.first.map { scale == 1 ? $0.from : scale * $0.from + 0 } ?? 0 }, to: &json)
            return WrittenProperty(keyframes: 1)
        }
        // Unscaled curves are taken as they are (most properties: no copy of the array).
        let scaled = scale == 1 ? curves : curves.map { $0.mapped(scale: scale, offset: 0) }
        if scaled.allSatisfy(\.isConstant) {
            Self.constant(scaled.map { $0.segments.first?.from ?? 0 }, to: &json)
            return WrittenProperty(keyframes: 1)
        }
        if scaled.count == 1, let count = writeKeyframes(of: scaled[0].segments, to: &json) {
            return WrittenProperty(keyframes: count)
        }
        // What each dimension's budget leaves to shared easings, in the written units: the budget
        // is 1e-3 of its range, or of `scale` where the range is below 1 in the curve's own units
        // (docs/export.md §2, "Error budget"); the curve's own error and a tenth stay aside.
        let unit = abs(scale) > 0 ? abs(scale) : 1
        let tolerances = scaled.map { curve in
            let range = PlayerKeyframes.range(of: curve.segments)
            let budget = range >= unit ? 1e-3 * range : 1e-3 * unit
            return max(0.9 * budget - curve.maxError, 0.1 * budget)
        }
        let (keyframes, errors) = PlayerKeyframes.sharingEasings(
            PlayerKeyframes.keyframes(scaled), tolerances: tolerances, checkStep: tracks.checkStep)
        Self.animated(count: keyframes.count, to: &json) { k, json in
            let keyframe = keyframes[k]
            json.member(plain: "t", frame(keyframe.time))
            json.key(plain: "s")
            json.numbers(keyframe.values)
            guard k < keyframes.count - 1 else { return }
            // The out handle (x1, y1) of this keyframe and the in handle (x2, y2) of the next, one
            // number per dimension.
            Self.handles("o", keyframe.easings, to: &json) { ($0.0, $0.1) }
            Self.handles("i", keyframe.easings, to: &json) { ($0.2, $0.3) }
            json.member(plain: "h", keyframe.hold ? 1 : 0)
        }
        return WrittenProperty(keyframes: keyframes.count, sharedEasingErrors: errors.map { $0 / unit })
    }

    /// Writes the animated property of one curve as ``property(_:scale:to:)`` does, straight from
    /// its segments (no keyframe arrays), and returns how many keyframes it wrote; nil, writing
    /// nothing, where ``PlayerKeyframes/forEachKeyframe(_:_:)`` cannot take the curve.
    func writeKeyframes(of segments: [CurveSegment], to json: inout JSONStream) -> Int? {
        guard PlayerKeyframes.ownKnots(segments) != nil else { return nil }
        var count = 0
        json.object { json in
            json.member(plain: "a", 1)
            json.key(plain: "k")
            json.array { json in
                _ = PlayerKeyframes.forEachKeyframe(segments) { time, value, easing, hold in
                    count += 1
                    // The keyframe object as the general path writes it, spelled in one piece (the
                    // stream's numbers are ExportNumber's).
                    json.value { text in
                        text.append(literal: "{\"t\":")
                        ExportNumber.append(frame(time), to: &text)
                        text.append(literal: ",\"s\":[")
                        ExportNumber.append(value, to: &text)
                        text.append(literal: "]")
                        if let easing {
                            // The out handle (x1, y1) and the next keyframe's in handle (x2, y2).
                            let (x1, y1, x2, y2) = easing.controlPoints
                            text.append(literal: ",\"o\":{\"x\":[")
                            ExportNumber.append(x1, to: &text)
                            text.append(literal: "],\"y\":[")
                            ExportNumber.append(y1, to: &text)
                            text.append(literal: "]},\"i\":{\"x\":[")
                            ExportNumber.append(x2, to: &text)
                            text.append(literal: "],\"y\":[")
                            ExportNumber.append(y2, to: &text)
                            text.append(literal: hold ? "]},\"h\":1" : "]},\"h\":0")
                        }
                        text.append(literal: "}")
                    }
                }
            }
        }
        return count
    }

    /// Writes `key` and one handle of each easing, `{"x": [...], "y": [...]}`: the point `handle`
    /// picks from the control points `(x1, y1, x2, y2)`.
    static func handles(
        _ key: String, _ easings: [TimingCurve], to json: inout JSONStream,
        _ handle: ((Double, Double, Double, Double)) -> (x: Double, y: Double)
    ) {
        json.key(key)
        json.object { json in
            json.key(plain: "x")
            json.array { json in for easing in easings { json.number(handle(easing.controlPoints).x) } }
            json.key(plain: "y")
            json.array { json in for easing in easings { json.number(handle(easing.controlPoints).y) } }
        }
    }

    /// Writes an animated property, `{"a": 1, "k": [...]}`: `keyframe` writes the members of
    /// keyframe k of `count` (its frame `t`, its value `s`, and on every keyframe but the last
    /// the easing, tangents and hold of the segment it starts).
    static func animated(count: Int, to json: inout JSONStream, keyframe: (Int, inout JSONStream) -> Void) {
        json.object { json in
            json.member(plain: "a", 1)
            json.key(plain: "k")
            json.array { json in
                for k in 0..<count {
                    json.object { json in keyframe(k, &json) }
                }
            }
        }
    }

    /// Writes a property that never changes.
    static func constant(_ values: [Double], to json: inout JSONStream) {
        json.object { json in
            json.member(plain: "a", 0)
            json.key(plain: "k")
            if values.count == 1 { json.number(values[0]) } else { json.numbers(values) }
        }
    }

    /// Seconds as composition frames, rounded to a millionth of a frame.
    func frame(_ t: Double) -> Double { (t * fps * 1e6).rounded() / 1e6 }

    /// Writes the layer's transform: anchor, position, scale, rotation and opacity.
    func transform(_ layer: Int, opacity: Bool, to json: inout JSONStream) {
        let parent = tracks.timeline.layers[layer].parent
        let anchor = [
            derived(layer, [(.anchorPoint, 0), (.size, 0)], feeds: [PropertyPath(.anchorPoint, component: 0)]) { $0[0] * $0[1] },
            derived(layer, [(.anchorPoint, 1), (.size, 1)], feeds: [PropertyPath(.anchorPoint, component: 1)]) { $0[0] * $0[1] },
        ]
        let spatial = spatialPosition(layer)
        var position = spatial != nil ? [] : [shown(layer, .position, 0), shown(layer, .position, 1)]
        if spatial == nil, let parent {
            for c in 0..<2 {
                let offset = derived(parent, [(.anchorPoint, c), (.size, c)]) { $0[0] * $0[1] }
                if offset.isConstant {
                    position[c] = position[c].mapped(scale: 1, offset: offset.segments.first?.from ?? 0)
                } else {
                    position[c] = sum(layer, position: c, parent: parent)
                }
            }
        }
        let scale = [shown(layer, .scale, 0), shown(layer, .scale, 1)]
        let rotation = shown(layer, .rotation, 0)
        let shownOpacity = opacity ? shown(layer, .opacity, 0) : nil
        json.object { json in
            json.key(plain: "a")
            carried(layer, Self.paths(.anchorPoint, 2), property(anchor, to: &json))
            json.key(plain: "p")
            if let spatial {
                Self.spatialProperty(spatial, frame: frame, to: &json)
            } else {
                json.object { json in
                    json.key(plain: "s")
                    json.value(.bool(true))
                    json.key(plain: "x")
                    carried(layer, [PropertyPath(.position, component: 0)], property([position[0]], to: &json))
                    json.key(plain: "y")
                    carried(layer, [PropertyPath(.position, component: 1)], property([position[1]], to: &json))
                }
            }
            json.key(plain: "s")
            carried(layer, Self.paths(.scale, 2), property(scale, scale: 100, to: &json))
            json.key(plain: "r")
            carried(layer, [PropertyPath(.rotation)], property([rotation], to: &json))
            json.key(plain: "o")
            if let shownOpacity {
                carried(layer, [PropertyPath(.opacity)], property([shownOpacity], scale: 100, to: &json))
            } else {
                Self.constant([100], to: &json)
            }
        }
    }

    /// A child's Lottie position when its parent's anchor offset moves: fitted to the sum.
    func sum(_ layer: Int, position c: Int, parent: Int) -> ShownCurve {
        let truth: (Double) -> Double = { [tracks] t in
            tracks.value(layer: layer, property: .position, component: c, at: t)
                + tracks.value(layer: parent, property: .anchorPoint, component: c, at: t)
                * tracks.value(layer: parent, property: .size, component: c, at: t)
        }
        let tolerance = tracks.tolerance(layer: layer, property: .position, component: c)
        let fit = CurveFitter.fit(over: tracks.span, tolerance: tolerance * 0.9, checkStep: tracks.checkStep, value: truth)
        var curve = ShownCurve(segments: fit.segments, method: .fitted, maxError: 0)
        curve.maxError = tracks.maxError(of: curve, truth: truth)
        record(layer, PropertyPath(.position, component: c), curve)
        return curve
    }

    /// A group of shape items, closed by the identity transform.
    func group(_ name: String, to json: inout JSONStream, items: (inout JSONStream) -> Void) {
        json.object { json in
            json.member(plain: "ty", "gr")
            json.member(plain: "nm", name)
            json.key(plain: "it")
            json.array { json in
                items(&json)
                Self.groupTransform(to: &json)
            }
        }
    }

    /// A fill of `color` (r, g, b) at `alpha` (0...1), with Lottie's fill rule (1 non-zero, 2 even-odd).
    ///
    /// It shows `paint` (backgroundColor or borderColor) of `layer`, whose report items count the
    /// keyframes of its `c` (r, g, b) and `o` (alpha).
    func fill(
        _ name: String, layer: Int, paint: LayerProperty, color: [ShownCurve], alpha: ShownCurve, rule: Double,
        to json: inout JSONStream
    ) {
        json.object { json in
            json.member(plain: "ty", "fl")
            json.member(plain: "nm", name)
            json.key(plain: "c")
            carried(layer, Self.paths(paint, 3), property(color + [.constant(1, over: tracks.span)], to: &json))
            json.key(plain: "o")
            carried(layer, [PropertyPath(paint, component: 3)], property([alpha], scale: 100, to: &json))
            json.member(plain: "r", rule)
            json.member(plain: "bm", 0)
        }
    }

    /// Writes the layer's shapes: its border (on top) and its fill, each a group.
    func shapes(_ layer: Int, to json: inout JSONStream) {
        let ellipse = tracks.timeline.layers[layer].isEllipse
        let size = [shown(layer, .size, 0), shown(layer, .size, 1)]
        let half = size.map { $0.mapped(scale: 0.5, offset: 0) }
        // Limits: the corner radius and the border width at most half the smaller side.
        let radius = derived(layer, [(.cornerRadius, 0), (.size, 0), (.size, 1)], feeds: [PropertyPath(.cornerRadius)]) {
            max(0, min($0[0], min($0[1], $0[2]) / 2))
        }
        let width = derived(layer, [(.borderWidth, 0), (.size, 0), (.size, 1)], feeds: [PropertyPath(.borderWidth)]) {
            max(0, min($0[0], min($0[1], $0[2]) / 2))
        }
        let fillColor = (0..<3).map { shown(layer, .backgroundColor, $0) }
        let fillAlpha = shown(layer, .backgroundColor, 3)
        // Without a border and with every curve constant, the text depends only on the shape's
        // kind and the curves' values (exactly, as bits): written once, then copied.
        var key: [UInt64]? = nil
        if !width.segments.contains(where: { $0.from > 0 || $0.to > 0 }) {
            let curves = size + half + [radius] + fillColor + [fillAlpha]
            if curves.allSatisfy(\.isConstant) {
                key = [ellipse ? 1 : 0] + curves.map { ($0.segments.first?.from ?? 0).bitPattern }
            }
        }
        if let key, let text = stillShapes[key] {
            json.value(written: text)
            return
        }
        // The shapes are written to their own stream when they may be shared, else in place.
        func write(to json: inout JSONStream) {
            writeShapes(
                layer, ellipse: ellipse, size: size, half: half, radius: radius, width: width, fillColor: fillColor,
                fillAlpha: fillAlpha, to: &json)
        }
        guard let key else {
            write(to: &json)
            return
        }
        var own = JSONStream(capacity: 1024, numbers: ExportNumber.append)
        write(to: &own)
        stillShapes[key] = own.bytes
        json.value(written: own.bytes)
    }

    /// Writes the shapes of ``shapes(_:to:)`` from their curves.
    func writeShapes(
        _ layer: Int, ellipse: Bool, size: [ShownCurve], half: [ShownCurve], radius: ShownCurve, width: ShownCurve,
        fillColor: [ShownCurve], fillAlpha: ShownCurve, to json: inout JSONStream
    ) {
        json.array { json in
            if width.segments.contains(where: { $0.from > 0 || $0.to > 0 }) {
                // Inside the bounds, as a ring filled even-odd: the outline, and the outline inset
                // by the border width. (A stroke would be scaled unevenly by some players.) The
                // render server strokes the outline inset by half the width with a mitred corner,
                // so the ring's corners follow that path's radius r = max(0, cornerRadius -
                // width / 2): outer r + width / 2 (square when r is 0), inner r - width / 2.
                func limits(_ v: [Double]) -> (radius: Double, width: Double) {
                    let limit = max(0, min(v[2], v[3]) / 2)
                    let w = max(0, min(v[1], limit))
                    return (max(0, min(v[0], limit) - w / 2), w)
                }
                let inputs: [(LayerProperty, Int)] = [(.cornerRadius, 0), (.borderWidth, 0), (.size, 0), (.size, 1)]
                let outerRadius = derived(layer, inputs) { v in
                    let (r, w) = limits(v)
                    return r > 0 ? r + w / 2 : 0
                }
                let innerRadius = derived(layer, inputs) { v in
                    let (r, w) = limits(v)
                    return max(0, r - w / 2)
                }
                let innerSize = (0..<2).map { c in
                    derived(layer, [(.size, c), (.borderWidth, 0), (.size, 0), (.size, 1)]) { v in
                        v[0] - 2 * max(0, min(v[1], max(0, min(v[2], v[3]) / 2)))
                    }
                }
                let ringColor = (0..<3).map { shown(layer, .borderColor, $0) }
                let ringAlpha = shown(layer, .borderColor, 3)
                group("border", to: &json) { json in
                    outline(ellipse: ellipse, size: size, center: half, radius: outerRadius, to: &json)
                    outline(ellipse: ellipse, size: innerSize, center: half, radius: innerRadius, to: &json)
                    fill("border", layer: layer, paint: .borderColor, color: ringColor, alpha: ringAlpha, rule: 2, to: &json)
                }
            }
            group("fill", to: &json) { json in
                outline(ellipse: ellipse, size: size, center: half, radius: radius, carrying: layer, to: &json)
                fill("fill", layer: layer, paint: .backgroundColor, color: fillColor, alpha: fillAlpha, rule: 1, to: &json)
            }
        }
    }

    /// Writes a rectangle or ellipse path of `size` centred at `center`.
    ///
    /// When it is the outline of `layer`'s fill (`carrying`), its size and corner radius are the
    /// layer's: their report items count the keyframes of its `s` and `r`.
    func outline(
        ellipse: Bool, size: [ShownCurve], center: [ShownCurve], radius: ShownCurve, carrying layer: Int? = nil,
        to json: inout JSONStream
    ) {
        json.object { json in
            json.member(plain: "ty", ellipse ? "el" : "rc")
            json.member(plain: "nm", ellipse ? "ellipse" : "rect")
            json.member(plain: "d", 1)
            json.key(plain: "p")
            property(center, to: &json)
            json.key(plain: "s")
            let sizeWritten = property(size, to: &json)
            if let layer { carried(layer, Self.paths(.size, 2), sizeWritten) }
            if !ellipse {
                json.key(plain: "r")
                let radiusWritten = property([radius], to: &json)
                if let layer { carried(layer, [PropertyPath(.cornerRadius)], radiusWritten) }
            }
        }
    }

    /// Writes the identity transform every shape group ends with (its text made once).
    static func groupTransform(to json: inout JSONStream) {
        json.value(written: groupTransformText)
    }

    /// The identity transform of a shape group, as JSON text.
    static let groupTransformText: [UInt8] = {
        var json = JSONStream(capacity: 256, numbers: ExportNumber.append)
        json.object { json in
            json.member(plain: "ty", "tr")
            still(
                with: [("p", [0, 0]), ("a", [0, 0]), ("s", [100, 100]), ("r", [0]), ("o", [100]), ("sk", [0]), ("sa", [0])], to: &json)
        }
        return json.bytes
    }()

    /// Writes the transform of a layer that does not move (a precomposition's, the background's).
    static func stillTransform(to json: inout JSONStream) {
        json.object { json in
            still(with: [("a", [0, 0]), ("p", [0, 0]), ("s", [100, 100]), ("r", [0]), ("o", [100])], to: &json)
        }
    }

    /// Writes each key with its constant value.
    static func still(with members: [(String, [Double])], to json: inout JSONStream) {
        for (key, values) in members {
            json.key(key)
            constant(values, to: &json)
        }
    }

    // MARK: - Layers and compositions

    /// The composition's last frame: the smallest integer at or after end x fps, at least 1.
    var outPoint: Double { max(1, (tracks.span.upperBound * fps - 1e-9).rounded(.up)) }

    /// Whether `layer` has children and its opacity falls below 1 at some time: a group.
    func fadesAsGroup(_ layer: Int) -> Bool {
        guard !children[layer].isEmpty else { return false }
        let opacity = shown(layer, .opacity, 0)
        if opacity.isConstant { return (opacity.segments.first?.from ?? 1) < 1 }
        var fades = false
        tracks.forEachCheckTime { t in if opacity.value(at: t) < 1 { fades = true } }
        return fades
    }

    /// Siblings in drawing order: ascending zPosition at time 0, document order for ties. An
    /// animated zPosition that reorders them cannot be carried (Lottie's order is fixed).
    func drawingOrder(_ siblings: [Int]) -> [Int] {
        let animated = siblings.filter { !shown($0, .zPosition, 0).isConstant }
        func order(at t: Double) -> [Int] {
            // Each sibling's zPosition read once, not at every comparison.
            let z = siblings.map { tracks.value(layer: $0, property: .zPosition, component: 0, at: t) }
            // Already in order (siblings that all share one zPosition): the sort would keep it.
            if z.indices.dropFirst().allSatisfy({ z[$0 - 1] < z[$0] || z[$0 - 1] == z[$0] }) { return siblings }
            return siblings.indices.sorted { a, b in z[a] != z[b] ? z[a] < z[b] : a < b }.map { siblings[$0] }
        }
        let first = order(at: 0)
        if !animated.isEmpty {
            var changes = false
            tracks.forEachCheckTime { t in if !changes, order(at: t) != first { changes = true } }
            if changes {
                for layer in animated {
                    let id = tracks.timeline.layers[layer].id
                    let reason = "Lottie draws layers in a fixed order; the zPosition animation reorders siblings"
                    items[Self.code(layer, PropertyPath(.zPosition))] = ExportItem(
                        target: id, property: "zPosition", method: .dropped, keyframes: 0, maxError: 0, reason: reason)
                    findings.append(ExportFinding(target: id, property: "zPosition", message: reason))
                }
            }
        }
        return first
    }

    /// One layer of a composition, before it is written.
    enum PlannedLayer {
        /// A null layer copying an ancestor's transform, to parent to inside a precomposition.
        case null(target: Int, ind: Int, parent: Int?)
        /// A target's shape layer; `opaque` when its precomposition carries its opacity.
        case shape(target: Int, ind: Int, parent: Int?, opaque: Bool)
        /// A precomposition layer showing a fading target's subtree.
        case group(target: Int, ind: Int, asset: String)
    }

    /// A precomposition: its id, its name and its layers, bottom first.
    typealias Asset = (id: String, name: String, layers: [PlannedLayer])

    /// The layers of one composition, bottom first: the subtrees of `roots`, under null copies
    /// of `ancestors` (outermost first) to parent to; `groupRoot` is drawn at full opacity (its
    /// precomposition layer carries its opacity). Precompositions found on the way go to `assets`.
    func plan(roots: [Int], ancestors: [Int], groupRoot: Int?, assets: inout [Asset]) -> [PlannedLayer] {
        var bottomFirst: [PlannedLayer] = []
        var index: [Int: Int] = [:]
        var next = 1
        for ancestor in ancestors {
            let parent = tracks.timeline.layers[ancestor].parent.flatMap { index[$0] }
            bottomFirst.append(.null(target: ancestor, ind: next, parent: parent))
            index[ancestor] = next
            next += 1
        }
        func visit(_ layer: Int) {
            let ind = next
            next += 1
            index[layer] = ind
            if layer != groupRoot && fadesAsGroup(layer) {
                var chain: [Int] = []
                var up = tracks.timeline.layers[layer].parent
                while let p = up {
                    chain.insert(p, at: 0)
                    up = tracks.timeline.layers[p].parent
                }
                let id = tracks.timeline.layers[layer].id
                let inner = plan(roots: [layer], ancestors: chain, groupRoot: layer, assets: &assets)
                assets.append((id: "group-\(id)", name: id + " group", layers: inner))
                bottomFirst.append(.group(target: layer, ind: ind, asset: "group-\(id)"))
                return
            }
            let parent = tracks.timeline.layers[layer].parent.flatMap { index[$0] }
            bottomFirst.append(.shape(target: layer, ind: ind, parent: parent, opaque: layer == groupRoot))
            for child in drawingOrder(children[layer]) { visit(child) }
        }
        for root in drawingOrder(roots) { visit(root) }
        return bottomFirst
    }

    /// Writes a layer's index, type (3 null, 4 shape), name, parent and transform (`ks`).
    func head(type: Double, target: Int, ind: Int, parent: Int?, opacity: Bool, to json: inout JSONStream) {
        json.member(plain: "ind", Double(ind))
        json.member(plain: "ty", type)
        json.member(plain: "nm", tracks.timeline.layers[target].id)
        if let parent { json.member(plain: "parent", Double(parent)) }
        json.member(plain: "sr", 1)
        json.key(plain: "ks")
        transform(target, opacity: opacity, to: &json)
    }

    /// Writes a planned layer.
    func write(_ planned: PlannedLayer, to json: inout JSONStream) {
        json.object { json in
            json.member(plain: "ddd", 0)
            switch planned {
            case .null(let target, let ind, let parent):
                head(type: 3, target: target, ind: ind, parent: parent, opacity: false, to: &json)
            case .shape(let target, let ind, let parent, let opaque):
                head(type: 4, target: target, ind: ind, parent: parent, opacity: !opaque, to: &json)
                json.member(plain: "ao", 0)
                json.key(plain: "shapes")
                shapes(target, to: &json)
                written += 1
                progress?(written, tracks.timeline.layers.count)
            case .group(let target, let ind, let asset):
                let canvas = tracks.timeline.canvas
                json.member(plain: "ind", Double(ind))
                json.member(plain: "ty", 0)
                json.member(plain: "nm", tracks.timeline.layers[target].id + " group")
                json.member(plain: "refId", asset)
                json.member(plain: "sr", 1)
                json.key(plain: "ks")
                json.object { json in
                    Self.still(with: [("a", [0, 0]), ("p", [0, 0]), ("s", [100, 100]), ("r", [0])], to: &json)
                    json.key(plain: "o")
                    property([shown(target, .opacity, 0)], scale: 100, to: &json)
                }
                json.member(plain: "w", canvas.width)
                json.member(plain: "h", canvas.height)
            }
            if case .null = planned { json.member(plain: "ao", 0) }
            json.member(plain: "ip", 0)
            json.member(plain: "op", outPoint)
            json.member(plain: "st", 0)
            json.member(plain: "bm", 0)
        }
    }

    /// Writes the whole Lottie document, as UTF-8 with its final newline.
    func document() -> [UInt8] {
        let timeline = tracks.timeline
        let canvas = timeline.canvas
        var assets: [Asset] = []
        let layers = plan(roots: roots, ancestors: [], groupRoot: nil, assets: &assets)
        let background = canvas.background
        let clamp = { (v: Double) in min(max(v, 0), 1) }
        // About 2 KB a shape layer (transform, shapes and their keyframes), at most 1 GB at once.
        var json = JSONStream(capacity: min(1 << 16 + timeline.layers.count * 2048, 1 << 30), numbers: ExportNumber.append)
        json.object { json in
            json.member(plain: "v", "5.7.4")
            json.member(plain: "fr", fps)
            json.member(plain: "ip", 0)
            json.member(plain: "op", outPoint)
            json.member(plain: "w", canvas.width)
            json.member(plain: "h", canvas.height)
            json.member(plain: "nm", timeline.name)
            json.member(plain: "ddd", 0)
            json.key(plain: "assets")
            json.array { json in
                for asset in assets {
                    json.object { json in
                        json.member(plain: "id", asset.id)
                        json.member(plain: "nm", asset.name)
                        json.key(plain: "layers")
                        json.array { json in for layer in asset.layers.reversed() { write(layer, to: &json) } }
                    }
                }
            }
            json.key(plain: "layers")
            json.array { json in
                for layer in layers.reversed() { write(layer, to: &json) }
                // The background, at the bottom.
                json.object { json in
                    json.member(plain: "ddd", 0)
                    json.member(plain: "ind", Double(timeline.layers.count + 1))
                    json.member(plain: "ty", 4)
                    json.member(plain: "nm", "background")
                    json.member(plain: "sr", 1)
                    json.key(plain: "ks")
                    Self.stillTransform(to: &json)
                    json.member(plain: "ao", 0)
                    json.key(plain: "shapes")
                    json.array { json in
                        group("background", to: &json) { json in
                            json.value(
                                .object([
                                    "ty": .string("rc"), "nm": .string("rect"), "d": .number(1),
                                    "p": .object(["a": .number(0), "k": .numbers([canvas.width / 2, canvas.height / 2])]),
                                    "s": .object(["a": .number(0), "k": .numbers([canvas.width, canvas.height])]),
                                    "r": .object(["a": .number(0), "k": .number(0)]),
                                ]))
                            json.value(
                                .object([
                                    "ty": .string("fl"), "nm": .string("fill"),
                                    "c": .object([
                                        "a": .number(0),
                                        "k": .numbers([clamp(background[0]), clamp(background[1]), clamp(background[2]), 1]),
                                    ]),
                                    "o": .object(["a": .number(0), "k": .number(clamp(background[3]) * 100)]), "r": .number(1),
                                    "bm": .number(0),
                                ]))
                        }
                    }
                    json.member(plain: "ip", 0)
                    json.member(plain: "op", outPoint)
                    json.member(plain: "st", 0)
                    json.member(plain: "bm", 0)
                }
            }
        }
        // The text and its final newline, not copied.
        return json.finish()
    }

    /// One item per animated component, in trace order.
    func reportItems() -> [ExportItem] {
        tracks.timeline.touchedComponents.compactMap { touched in
            let kind = touched.property.kind
            let path = PropertyPath(touched.property, component: kind.componentCount > 1 ? touched.component : nil)
            return items[Self.code(touched.layer, path)]
                ?? ExportItem(
                    target: tracks.timeline.layers[touched.layer].id, property: path.description, method: .exact, keyframes: 0,
                    maxError: 0, reason: "no Lottie property shows it on this layer")
        }
    }
}

/// Report items by component code (`layer * 64 + slot`, ``LottieExporter/code(_:_:)``): an index
/// per code into a list, so that recording an item hashes nothing.
struct ItemTable {
    /// 1 + the item's place in `list`, per code (0: none yet).
    private var index: [Int32]
    private var list: [ExportItem] = []
    /// Items whose code is past the table (none in practice).
    private var others: [Int: ExportItem] = [:]

    /// A table for the codes of `layers` layers, with room for `capacity` items.
    init(layers: Int, capacity: Int = 0) {
        index = [Int32](repeating: 0, count: max(layers, 0) * 64)
        list.reserveCapacity(max(capacity, 0))
    }

    /// The item recorded for `code`, if any.
    ///
    /// - Complexity: O(1).
    subscript(code: Int) -> ExportItem? {
        get {
            guard code >= 0, code < index.count else { return others[code] }
            let i = Int(index[code]) - 1
            return i >= 0 ? list[i] : nil
        }
        set {
            guard code >= 0, code < index.count, list.count < Int(Int32.max) else {
                others[code] = newValue
                return
            }
            let i = Int(index[code]) - 1
            if let newValue {
                if i >= 0 {
                    list[i] = newValue
                } else {
                    list.append(newValue)
                    index[code] = Int32(truncatingIfNeeded: list.count)
                }
            } else if i >= 0 {
                // Forgotten: the slot stays, unreachable.
                index[code] = 0
            }
        }
    }
}
