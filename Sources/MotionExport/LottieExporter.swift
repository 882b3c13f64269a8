import MotionCore
import MotionJSON
import MotionPlans
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
    /// Every component a player shows, memoised.
    var shownCache: [Int: ShownCurve] = [:]
    /// What each (layer, path) component became, for the report.
    var items: [PropertyPath: [Int: ExportItem]] = [:]
    /// Problems to report as diagnostics.
    var findings: [ExportFinding] = []

    /// Shown values are limited to these intervals, as the render server limits them on screen.
    static let unit: ClosedRange<Double> = 0...1

    init(_ tracks: TimelineTracks) {
        self.tracks = tracks
        let timeline = tracks.timeline
        fps = timeline.canvas.fps > 0 && timeline.canvas.fps.isFinite ? timeline.canvas.fps : 60
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        for (i, layer) in timeline.layers.enumerated() {
            if let parent = layer.parent, parent >= 0, parent < i { children[parent].append(i) } else { roots.append(i) }
        }
        self.children = children
        self.roots = roots
    }

    /// The Lottie document and what became of each animated component.
    ///
    /// - Complexity: O(c·(s + d)) for c animated components, s segments each and d check times.
    public static func export(_ tracks: TimelineTracks) -> ExportResult {
        let exporter = LottieExporter(tracks)
        let json = exporter.document()
        return ExportResult(
            format: .lottie, text: json.serialized(pretty: false) + "\n", items: exporter.reportItems(), findings: exporter.findings)
    }

    // MARK: - Shown values

    /// A component as shown (limited where the render server limits it), memoised.
    func shown(_ layer: Int, _ property: LayerProperty, _ c: Int) -> ShownCurve {
        let key = (layer * PresentationModel.channelsPerLayer + property.ordinal) * 4 + c
        if let cached = shownCache[key] { return cached }
        let limited = property == .opacity || property == .backgroundColor || property == .borderColor
        let curve = tracks.curve(layer: layer, property: property, component: c, limit: limited ? Self.unit : nil)
        shownCache[key] = curve
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
            keyframes: constant ? 1 : PlayerKeyframes.keyframes([curve]).count, maxError: curve.maxError, reason: nil)
        if let old = items[path]?[layer], old.method == .dropped || (old.method == .fitted && item.method == .exact) { return }
        items[path, default: [:]][layer] = item
    }

    /// A value computed from components (`inputs`), as a curve: exact when it is an affine map of
    /// one animated component, else fitted to the computed values.
    func derived(
        _ layer: Int, _ inputs: [(LayerProperty, Int)], feeds: [PropertyPath] = [], _ f: @escaping ([Double]) -> Double
    ) -> ShownCurve {
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

    /// A Lottie property from curves (one per dimension), each value multiplied by `scale`.
    func property(_ curves: [ShownCurve], scale: Double = 1) -> JSONValue {
        let scaled = curves.map { scale == 1 ? $0 : $0.mapped(scale: scale, offset: 0) }
        if scaled.allSatisfy(\.isConstant) {
            let values = scaled.map { $0.segments.first?.from ?? 0 }
            return .object(["a": .number(0), "k": values.count == 1 ? .number(values[0]) : .numbers(values)])
        }
        let keyframes = PlayerKeyframes.keyframes(scaled)
        var list: [JSONValue] = []
        list.reserveCapacity(keyframes.count)
        for (k, keyframe) in keyframes.enumerated() {
            var members: [JSONMember] = [
                JSONMember("t", .number(frame(keyframe.time))), JSONMember("s", .numbers(keyframe.values)),
            ]
            if k < keyframes.count - 1 {
                let handles = keyframe.easings.map(\.controlPoints)
                members.append(
                    JSONMember(
                        "o", .object(["x": .numbers(handles.map(\.0)), "y": .numbers(handles.map(\.1))])))
                members.append(
                    JSONMember(
                        "i", .object(["x": .numbers(handles.map(\.2)), "y": .numbers(handles.map(\.3))])))
                members.append(JSONMember("h", .number(keyframe.hold ? 1 : 0)))
            }
            list.append(.object(members))
        }
        return .object(["a": .number(1), "k": .array(list)])
    }

    /// Seconds as composition frames, rounded to a millionth of a frame.
    func frame(_ t: Double) -> Double { (t * fps * 1e6).rounded() / 1e6 }

    /// The layer's transform: anchor, position, scale, rotation and opacity.
    func transform(_ layer: Int, opacity: Bool) -> JSONValue {
        let parent = tracks.timeline.layers[layer].parent
        let anchor = [
            derived(layer, [(.anchorPoint, 0), (.size, 0)], feeds: [PropertyPath(.anchorPoint, component: 0)]) { $0[0] * $0[1] },
            derived(layer, [(.anchorPoint, 1), (.size, 1)], feeds: [PropertyPath(.anchorPoint, component: 1)]) { $0[0] * $0[1] },
        ]
        var position = [shown(layer, .position, 0), shown(layer, .position, 1)]
        if let parent {
            for c in 0..<2 {
                let offset = derived(parent, [(.anchorPoint, c), (.size, c)]) { $0[0] * $0[1] }
                if offset.isConstant {
                    position[c] = position[c].mapped(scale: 1, offset: offset.segments.first?.from ?? 0)
                } else {
                    position[c] = sum(layer, position: c, parent: parent)
                }
            }
        }
        let positionJSON: JSONValue = .object([
            "s": .bool(true), "x": property([position[0]]), "y": property([position[1]]),
        ])
        return .object([
            "a": property(anchor),
            "p": positionJSON,
            "s": property([shown(layer, .scale, 0), shown(layer, .scale, 1)], scale: 100),
            "r": property([shown(layer, .rotation, 0)]),
            "o": opacity ? property([shown(layer, .opacity, 0)], scale: 100) : .object(["a": .number(0), "k": .number(100)]),
        ])
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

    /// The layer's shapes: its border (on top) and its fill, each a group.
    func shapes(_ layer: Int) -> [JSONValue] {
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
        var fill: [JSONValue] = [
            outline(ellipse: ellipse, size: size, center: half, radius: radius),
            .object([
                "ty": .string("fl"), "nm": .string("fill"), "c": property(fillColor + [.constant(1, over: tracks.span)]),
                "o": property([fillAlpha], scale: 100), "r": .number(1), "bm": .number(0),
            ]),
        ]
        fill.append(Self.groupTransform)
        var result: [JSONValue] = []
        let borderShown = width.segments.contains { $0.from > 0 || $0.to > 0 }
        if borderShown {
            // Inside the bounds, as a ring filled even-odd: the outline, and the outline inset by
            // the border width. (A stroke would be scaled unevenly by some players.) The render
            // server strokes the outline inset by half the width with a mitred corner, so the
            // ring's corners follow that path's radius r = max(0, cornerRadius - width / 2):
            // outer r + width / 2 (square when r is 0), inner r - width / 2.
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
            let strokeColor = (0..<3).map { shown(layer, .borderColor, $0) }
            let strokeAlpha = shown(layer, .borderColor, 3)
            let border: [JSONValue] = [
                outline(ellipse: ellipse, size: size, center: half, radius: outerRadius),
                outline(ellipse: ellipse, size: innerSize, center: half, radius: innerRadius),
                .object([
                    "ty": .string("fl"), "nm": .string("border"),
                    "c": property(strokeColor + [.constant(1, over: tracks.span)]), "o": property([strokeAlpha], scale: 100),
                    "r": .number(2), "bm": .number(0),
                ]),
                Self.groupTransform,
            ]
            result.append(.object(["ty": .string("gr"), "nm": .string("border"), "it": .array(border)]))
        }
        result.append(.object(["ty": .string("gr"), "nm": .string("fill"), "it": .array(fill)]))
        return result
    }

    /// A rectangle or ellipse path of `size` centred at `center`.
    func outline(ellipse: Bool, size: [ShownCurve], center: [ShownCurve], radius: ShownCurve) -> JSONValue {
        if ellipse {
            return .object([
                "ty": .string("el"), "nm": .string("ellipse"), "d": .number(1), "p": property(center), "s": property(size),
            ])
        }
        return .object([
            "ty": .string("rc"), "nm": .string("rect"), "d": .number(1), "p": property(center), "s": property(size),
            "r": property([radius]),
        ])
    }

    /// The identity transform every shape group ends with.
    static let groupTransform: JSONValue = .object([
        "ty": .string("tr"), "p": .object(["a": .number(0), "k": .numbers([0, 0])]),
        "a": .object(["a": .number(0), "k": .numbers([0, 0])]), "s": .object(["a": .number(0), "k": .numbers([100, 100])]),
        "r": .object(["a": .number(0), "k": .number(0)]), "o": .object(["a": .number(0), "k": .number(100)]),
        "sk": .object(["a": .number(0), "k": .number(0)]), "sa": .object(["a": .number(0), "k": .number(0)]),
    ])

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
            siblings.enumerated().sorted { a, b in
                let za = tracks.value(layer: a.element, property: .zPosition, component: 0, at: t)
                let zb = tracks.value(layer: b.element, property: .zPosition, component: 0, at: t)
                return za != zb ? za < zb : a.offset < b.offset
            }.map(\.element)
        }
        let first = order(at: 0)
        if !animated.isEmpty {
            var changes = false
            tracks.forEachCheckTime { t in if !changes, order(at: t) != first { changes = true } }
            if changes {
                for layer in animated {
                    let id = tracks.timeline.layers[layer].id
                    let reason = "Lottie draws layers in a fixed order; the zPosition animation reorders siblings"
                    items[PropertyPath(.zPosition), default: [:]][layer] = ExportItem(
                        target: id, property: "zPosition", method: .dropped, keyframes: 0, maxError: 0, reason: reason)
                    findings.append(ExportFinding(target: id, property: "zPosition", message: reason))
                }
            }
        }
        return first
    }

    /// The layers of one composition, top first: the subtrees of `roots`, under null copies of
    /// `ancestors` (outermost first) to parent to; `groupRoot` is drawn at full opacity (its
    /// precomposition layer carries its opacity).
    func composition(roots: [Int], ancestors: [Int], groupRoot: Int?, assets: inout [JSONValue]) -> [JSONValue] {
        var bottomFirst: [JSONValue] = []
        var index: [Int: Int] = [:]
        var next = 1
        for ancestor in ancestors {
            let ind = next
            next += 1
            var members: [JSONMember] = [
                JSONMember("ddd", .number(0)), JSONMember("ind", .number(Double(ind))), JSONMember("ty", .number(3)),
                JSONMember("nm", .string(tracks.timeline.layers[ancestor].id)),
            ]
            if let parent = tracks.timeline.layers[ancestor].parent, let p = index[parent] {
                members.append(JSONMember("parent", .number(Double(p))))
            }
            members += [
                JSONMember("sr", .number(1)), JSONMember("ks", transform(ancestor, opacity: false)), JSONMember("ao", .number(0)),
                JSONMember("ip", .number(0)), JSONMember("op", .number(outPoint)), JSONMember("st", .number(0)),
                JSONMember("bm", .number(0)),
            ]
            bottomFirst.append(.object(members))
            index[ancestor] = ind
        }
        func visit(_ layer: Int) {
            let id = tracks.timeline.layers[layer].id
            let ind = next
            next += 1
            index[layer] = ind
            let parentIndex = tracks.timeline.layers[layer].parent.flatMap { index[$0] }
            if layer != groupRoot && fadesAsGroup(layer) {
                // A precomposition of the subtree, whose layer carries the opacity.
                var chain: [Int] = []
                var up = tracks.timeline.layers[layer].parent
                while let p = up {
                    chain.insert(p, at: 0)
                    up = tracks.timeline.layers[p].parent
                }
                let assetID = "group-\(id)"
                let inner = composition(roots: [layer], ancestors: chain, groupRoot: layer, assets: &assets)
                assets.append(.object(["id": .string(assetID), "nm": .string(id + " group"), "layers": .array(inner)]))
                let canvas = tracks.timeline.canvas
                bottomFirst.append(
                    .object([
                        "ddd": .number(0), "ind": .number(Double(ind)), "ty": .number(0), "nm": .string(id + " group"),
                        "refId": .string(assetID), "sr": .number(1),
                        "ks": .object([
                            "a": .object(["a": .number(0), "k": .numbers([0, 0])]),
                            "p": .object(["a": .number(0), "k": .numbers([0, 0])]),
                            "s": .object(["a": .number(0), "k": .numbers([100, 100])]),
                            "r": .object(["a": .number(0), "k": .number(0)]),
                            "o": property([shown(layer, .opacity, 0)], scale: 100),
                        ]),
                        "ao": .number(0), "w": .number(canvas.width), "h": .number(canvas.height), "ip": .number(0),
                        "op": .number(outPoint), "st": .number(0), "bm": .number(0),
                    ]))
                return
            }
            var members: [JSONMember] = [
                JSONMember("ddd", .number(0)), JSONMember("ind", .number(Double(ind))), JSONMember("ty", .number(4)),
                JSONMember("nm", .string(id)),
            ]
            if let parentIndex { members.append(JSONMember("parent", .number(Double(parentIndex)))) }
            members += [
                JSONMember("sr", .number(1)), JSONMember("ks", transform(layer, opacity: layer != groupRoot)),
                JSONMember("ao", .number(0)), JSONMember("shapes", .array(shapes(layer))),
                JSONMember("ip", .number(0)), JSONMember("op", .number(outPoint)), JSONMember("st", .number(0)),
                JSONMember("bm", .number(0)),
            ]
            bottomFirst.append(.object(members))
            for child in drawingOrder(children[layer]) { visit(child) }
        }
        for root in drawingOrder(roots) { visit(root) }
        return bottomFirst.reversed()
    }

    /// The whole Lottie document.
    func document() -> JSONValue {
        let timeline = tracks.timeline
        let canvas = timeline.canvas
        var assets: [JSONValue] = []
        var layers = composition(roots: roots, ancestors: [], groupRoot: nil, assets: &assets)
        let background = canvas.background
        let clamp = { (v: Double) in min(max(v, 0), 1) }
        layers.append(
            .object([
                "ddd": .number(0), "ind": .number(Double(timeline.layers.count + 1)), "ty": .number(4),
                "nm": .string("background"), "sr": .number(1),
                "ks": .object([
                    "a": .object(["a": .number(0), "k": .numbers([0, 0])]),
                    "p": .object(["a": .number(0), "k": .numbers([0, 0])]),
                    "s": .object(["a": .number(0), "k": .numbers([100, 100])]),
                    "r": .object(["a": .number(0), "k": .number(0)]), "o": .object(["a": .number(0), "k": .number(100)]),
                ]),
                "ao": .number(0),
                "shapes": .array([
                    .object([
                        "ty": .string("gr"), "nm": .string("background"),
                        "it": .array([
                            .object([
                                "ty": .string("rc"), "nm": .string("rect"), "d": .number(1),
                                "p": .object(["a": .number(0), "k": .numbers([canvas.width / 2, canvas.height / 2])]),
                                "s": .object(["a": .number(0), "k": .numbers([canvas.width, canvas.height])]),
                                "r": .object(["a": .number(0), "k": .number(0)]),
                            ]),
                            .object([
                                "ty": .string("fl"), "nm": .string("fill"),
                                "c": .object([
                                    "a": .number(0),
                                    "k": .numbers([clamp(background[0]), clamp(background[1]), clamp(background[2]), 1]),
                                ]),
                                "o": .object(["a": .number(0), "k": .number(clamp(background[3]) * 100)]), "r": .number(1),
                                "bm": .number(0),
                            ]),
                            Self.groupTransform,
                        ]),
                    ])
                ]),
                "ip": .number(0), "op": .number(outPoint), "st": .number(0), "bm": .number(0),
            ]))
        return .object([
            "v": .string("5.7.4"), "fr": .number(fps), "ip": .number(0), "op": .number(outPoint),
            "w": .number(canvas.width), "h": .number(canvas.height), "nm": .string(timeline.name), "ddd": .number(0),
            "assets": .array(assets), "layers": .array(layers),
        ])
    }

    /// One item per animated component, in trace order.
    func reportItems() -> [ExportItem] {
        tracks.timeline.touchedComponents.compactMap { touched in
            let kind = touched.property.kind
            let path = PropertyPath(touched.property, component: kind.componentCount > 1 ? touched.component : nil)
            return items[path]?[touched.layer]
                ?? ExportItem(
                    target: tracks.timeline.layers[touched.layer].id, property: path.description, method: .exact, keyframes: 0,
                    maxError: 0, reason: "no Lottie property shows it on this layer")
        }
    }
}
