import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// Runs of per-frame values (links, squashAndStretch) fitted into the player's keyframes, or kept
/// as steps with `FrameSteps.exact`.
@Suite("Per-frame values")
struct FrameRunTests {
    /// A badge slides; the card's opacity follows its x through a link, set at every frame.
    /// With `switchAt`, a second link then maps the badge's y instead: a jump.
    static func linkDocument(switchAt: Double? = nil) -> String {
        var ops =
            ExportCapability.op("tween", "property: position.x, to: 160, duration: 1, easing: standard", target: "#badge") + "\n"
            + ExportCapability.op(
                "link", "property: opacity, source: { target: \"#badge\", property: position.x }, input: [100, 160], output: [1, 0.2]")
        if let switchAt {
            ops +=
                "\n  - at: \(switchAt)\n    ops:\n"
                + ExportCapability.op(
                    "link", "property: opacity, source: { target: \"#badge\", property: position.y }, input: [0, 120], output: [0, 1]")
        }
        return """
            motion: 1
            canvas: { size: [200, 200], fps: 60 }
            targets:
              card: { layer: { position: [60, 60], size: [80, 40], backgroundColor: "#6200EE" } }
              badge: { layer: { position: [100, 60], size: [40, 40], backgroundColor: "#FF0266" } }
            transactions:
              - at: 0
                ops:
            \(ops)
            """
    }

    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The values the timeline sets on one component, in time order: the render server shows each
    /// from its time until the next.
    static func setValues(_ timeline: Timeline, target: String, _ path: PropertyPath) throws -> [(time: Double, value: Double)] {
        let layer = try #require(timeline.layer(withID: target))
        var values: [(time: Double, value: Double)] = []
        for event in timeline.events where event.layer == layer {
            guard case .set(let p, let value) = event.action, p.property == path.property else { continue }
            if p.component == path.component {
                values.append((event.time, value[0]))
            } else if p.component == nil {
                values.append((event.time, value[path.component ?? 0]))
            }
        }
        return values
    }

    /// The budget computed here from the values themselves: 1e-3 of their range, or 1e-3 below 1.
    static func budget(_ values: [(time: Double, value: Double)], model: Double) -> Double {
        let all = values.map(\.value) + [model]
        let width = (all.max() ?? 0) - (all.min() ?? 0)
        return width >= 1 ? 1e-3 * width : 1e-3
    }

    /// The value the render server shows at `t`: the last value set at or before `t` (a value set
    /// at a frame's time shows at that frame), or `model` before the first.
    static func presented(_ values: [(time: Double, value: Double)], model: Double, at t: Double) -> Double {
        values.last { $0.time <= t }?.value ?? model
    }

    /// The largest difference, at every frame k / fps of the export's span, between `segments` read
    /// as a player reads them and what the render server shows there, and the frame where it is.
    ///
    /// Only for a component that `set` events alone write (the test asserts it): its value at a frame
    /// is then the last one set.
    static func worstAtFrames(
        _ segments: [CurveSegment], _ values: [(time: Double, value: Double)], model: Double, fps: Double, end: Double
    ) -> (error: Double, time: Double) {
        var worst = (error: 0.0, time: 0.0)
        for k in 0...Int((end * fps + 1e-6).rounded(.down)) {
            let t = Double(k) / fps
            let error = abs(playerValue(segments, at: t) - presented(values, model: model, at: t))
            if !(error <= worst.error) { worst = (error, t) }
        }
        return worst
    }

    /// Whether every event on `property` of `target` is a `set`: the render server then shows the
    /// last value set.
    static func onlySets(_ timeline: Timeline, target: String, _ property: LayerProperty) throws -> Bool {
        let layer = try #require(timeline.layer(withID: target))
        return timeline.events.allSatisfy { event in
            guard event.layer == layer else { return true }
            switch event.action {
            case .set: return true
            case .add(_, let path, _, _, _): return path.property != property
            case .remove: return true
            }
        }
    }

    /// A curve's value at `t` read as a CSS player reads it: the segment holding `t`, its
    /// cubic-bezier solved for the time fraction by bisection (``cssBezier``); a hold keeps `from`.
    static func playerValue(_ segments: [CurveSegment], at t: Double) -> Double {
        guard let index = segments.lastIndex(where: { $0.start <= t }) else { return segments.first?.from ?? 0 }
        let s = segments[index]
        guard t < s.end, s.end > s.start else { return s.to }
        let u = (t - s.start) / (s.end - s.start)
        switch s.easing {
        case .hold: return s.from
        case .curve(.linear): return s.from + (s.to - s.from) * u
        case .curve(.cubicBezier(let x1, let y1, let x2, let y2)): return s.from + (s.to - s.from) * cssBezier(x1, y1, x2, y2, u)
        }
    }

    @Test("a link's per-frame values are fitted: every frame's value within the budget, far fewer keyframes than frames")
    func linkFitted() throws {
        let tracks = TimelineTracks(try bake(Self.linkDocument()))
        let values = try Self.setValues(tracks.timeline, target: "card", PropertyPath(.opacity))
        #expect(values.count > 50)
        let layer = try #require(tracks.timeline.layer(withID: "card"))
        let curve = tracks.curve(layer: layer, property: .opacity, component: 0, limit: 0...1)
        let budget = Self.budget(values, model: 1)
        #expect(try Self.onlySets(tracks.timeline, target: "card", .opacity))
        // Every frame, held values included, against what the render server shows there.
        let worst = Self.worstAtFrames(curve.segments, values, model: 1, fps: 60, end: tracks.span.upperBound).error
        #expect(worst <= budget)
        #expect(curve.method == .fitted)
        #expect(curve.frameRuns?.steps == .fitted && curve.frameRuns?.keptAsSteps == 0)
        for format in [ExportFormat.lottie, .html] {
            let item = try #require(tracks.export(to: format).items.first { $0.target == "card" && $0.property == "opacity" })
            #expect(item.method == .fitted)
            // The report's largest error is the one measured here at every frame (the curve's own
            // evaluation and the bisection differ by rounding only).
            #expect(abs(item.maxError - worst) <= 1e-9, "\(format): \(item.line)")
            #expect(item.keyframes * 4 < values.count, "\(format): \(item.line)")
            #expect(item.line.hasSuffix("; per-frame values fitted)"), "\(item.line)")
        }
    }

    @Test("between two frames the fitted curve stays within the budget of the straight line joining their values")
    func betweenFrames() throws {
        let tracks = TimelineTracks(try bake(Self.linkDocument()))
        let values = try Self.setValues(tracks.timeline, target: "card", PropertyPath(.opacity))
        let layer = try #require(tracks.timeline.layer(withID: "card"))
        let curve = tracks.curve(layer: layer, property: .opacity, component: 0, limit: 0...1)
        let budget = Self.budget(values, model: 1)
        for k in 0..<(values.count - 1) {
            let (a, b) = (values[k], values[k + 1])
            for q in 1...3 {
                let t = a.time + (b.time - a.time) * Double(q) / 4
                let line = a.value + (b.value - a.value) * Double(q) / 4
                #expect(abs(Self.playerValue(curve.segments, at: t) - line) <= budget, "t = \(t)")
            }
        }
    }

    @Test("a link switching source jumps between two frames: the export jumps there too")
    func jumpStaysJump() throws {
        let tracks = TimelineTracks(try bake(Self.linkDocument(switchAt: 0.8)))
        let values = try Self.setValues(tracks.timeline, target: "card", PropertyPath(.opacity))
        // The jump: the largest step between two frames, far above the others.
        let steps = (0..<(values.count - 1)).map { abs(values[$0 + 1].value - values[$0].value) }
        let j = try #require(steps.indices.max { steps[$0] < steps[$1] })
        #expect(steps[j] > 0.1 && steps.enumerated().allSatisfy { $0.offset == j || $0.element < steps[j] / 4 })
        let layer = try #require(tracks.timeline.layer(withID: "card"))
        let curve = tracks.curve(layer: layer, property: .opacity, component: 0, limit: 0...1)
        let budget = Self.budget(values, model: 1)
        let (before, after) = (values[j], values[j + 1])
        // Held up to just before the later frame, then the later value: no ramp between them.
        for q in [0.0, 0.25, 0.5, 0.75, 0.999] {
            let t = before.time + (after.time - before.time) * q
            #expect(abs(Self.playerValue(curve.segments, at: t) - before.value) <= budget, "t = \(t)")
        }
        #expect(abs(Self.playerValue(curve.segments, at: after.time) - after.value) <= budget)
        // The player's keyframes: a hold keyframe before the jump.
        let keyframes = PlayerKeyframes.keyframes([curve])
        #expect(keyframes.contains { $0.hold && $0.time >= before.time && $0.time < after.time })
        #expect(keyframes.count * 4 < values.count)
    }

    @Test(
        "a link re-added between two frames: every frame within the budget, held ones too, and the report's largest error is that at a frame"
    )
    func setsBetweenFrames() throws {
        // The export judges' document: the link writes at every frame while src moves; re-added
        // at 2.005 s and at 2.0505 s it writes at its commit, between frames, and src is still
        // until 2.1 s: 100.5 shows at 2.0167, 2.0333 and 2.05 s, 101 from 2.0667 s.
        let document = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/Exports/documents/link-between-frames.yaml"), encoding: .utf8)
        let tracks = TimelineTracks(try bake(document))
        let path = PropertyPath(.position, component: 1)
        let values = try Self.setValues(tracks.timeline, target: "dot", path)
        #expect(values.contains { $0.time == 2.005 && $0.value == 100.5 } && values.contains { $0.time == 2.0505 && $0.value == 101 })
        #expect(try Self.onlySets(tracks.timeline, target: "dot", .position))
        let layer = try #require(tracks.timeline.layer(withID: "dot"))
        let curve = tracks.curve(layer: layer, property: .position, component: 1)
        let budget = Self.budget(values, model: 0)
        #expect(abs(budget - 0.201) < 1e-9)
        let worst = Self.worstAtFrames(curve.segments, values, model: 0, fps: 60, end: tracks.span.upperBound)
        #expect(worst.error <= budget, "t = \(worst.time)")
        #expect(abs(Self.playerValue(curve.segments, at: 123.0 / 60) - 100.5) <= budget)
        #expect(curve.method == .fitted && curve.frameRuns?.keptAsSteps == 0)
        // One run, fitted from its first frame (the first value set, at 0) to the export's last.
        let end = tracks.span.upperBound
        #expect(values.first?.time == 0 && curve.frameRuns?.fittedSpans == [0...end])
        for format in [ExportFormat.lottie, .html] {
            let result = tracks.export(to: format)
            let item = try #require(result.items.first { $0.target == "dot" && $0.property == "position.y" })
            // One fitted run and nothing else fitted: the largest error is the one at a frame.
            #expect(abs(item.maxError - worst.error) <= 1e-9, "\(format): \(item.line)")
            #expect(result.reportJSON.contains("\"fittedSpans\": [\n          [0, \(end)]\n        ]"), "\(result.reportJSON)")
        }
    }

    @Test("a run that zigzags every frame cannot be fitted in fewer keyframes: it keeps its steps, and the report says so")
    func zigzagKeepsSteps() throws {
        let zigzag = (0...30).map { $0 % 2 == 0 ? "[0, 0]" : "[20, 0]" }.joined(separator: ", ")
        let document = """
            motion: 1
            canvas: { size: [200, 200], fps: 60 }
            targets:
              card: { layer: { position: [60, 60], size: [80, 40] } }
              badge: { layer: { position: [100, 60], size: [40, 40] } }
            transactions:
              - at: 0
                ops:
                  - { add: draggable, target: "#badge", gesture: shake }
                  - { add: link, target: "#card", property: opacity, source: { target: "#badge", property: position.x }, input: [100, 120], output: [0, 1] }
            inputs:
              - { id: shake, kind: pan, target: "#badge", at: 0.1, duration: 0.5, translation: [\(zigzag)] }
            """
        let tracks = TimelineTracks(try bake(document))
        let values = try Self.setValues(tracks.timeline, target: "card", PropertyPath(.opacity))
        let steps = (0..<(values.count - 1)).map { abs(values[$0 + 1].value - values[$0].value) }
        #expect(steps.filter { $0 > 0.5 }.count >= 20, "the values zigzag: \(values)")
        let layer = try #require(tracks.timeline.layer(withID: "card"))
        let curve = tracks.curve(layer: layer, property: .opacity, component: 0, limit: 0...1)
        let runs = try #require(curve.frameRuns)
        #expect(runs.steps == .fitted && runs.keptAsSteps >= 1)
        // Kept as steps: every frame's value exactly.
        #expect(try Self.onlySets(tracks.timeline, target: "card", .opacity))
        let worst = Self.worstAtFrames(curve.segments, values, model: 1, fps: 60, end: tracks.span.upperBound)
        #expect(worst.error == 0, "t = \(worst.time)")
        #expect(runs.runs == 1 && runs.keptAsSteps == 1 && runs.fittedSpans.isEmpty)
        let item = try #require(tracks.export(to: .html).items.first { $0.target == "card" && $0.property == "opacity" })
        // Nothing was fitted: the line says steps, and why, not "fitted".
        #expect(item.method == .exact)
        #expect(
            item.line
                == "card opacity: exact (\(item.keyframes) keyframes; per-frame values as steps (1 run; no fit within the budget has fewer keyframes than its steps))"
        )
    }

    @Test("the report's words say which runs were fitted and which kept their steps")
    func summaryWords() {
        func words(_ steps: FrameSteps, runs: Int32, kept: Int32) -> String {
            FrameRunReport(steps: steps, runs: runs, keptAsSteps: kept).summary
        }
        #expect(words(.fitted, runs: 3, kept: 0) == "per-frame values fitted")
        #expect(
            words(.fitted, runs: 3, kept: 1)
                == "per-frame values fitted, except 1 of 3 runs kept as steps (no fit within the budget has fewer keyframes than its steps)"
        )
        #expect(
            words(.fitted, runs: 3, kept: 2)
                == "per-frame values fitted, except 2 of 3 runs kept as steps (no fit within the budget has fewer keyframes than their steps)"
        )
        #expect(
            words(.fitted, runs: 2, kept: 2)
                == "per-frame values as steps (2 runs; no fit within the budget has fewer keyframes than their steps)")
        #expect(words(.exact, runs: 2, kept: 2) == "per-frame values as steps (--steps exact)")
    }

    @Test("--steps exact keeps one held keyframe per frame, each at its frame's value")
    func exactSteps() throws {
        let tracks = TimelineTracks(try bake(Self.linkDocument()), steps: .exact)
        let values = try Self.setValues(tracks.timeline, target: "card", PropertyPath(.opacity))
        let layer = try #require(tracks.timeline.layer(withID: "card"))
        let curve = tracks.curve(layer: layer, property: .opacity, component: 0, limit: 0...1)
        #expect(curve.method == .exact && curve.maxError == 0)
        #expect(curve.frameRuns?.steps == .exact)
        let keyframes = PlayerKeyframes.keyframes([curve])
        // Every frame whose value differs from the one before starts a keyframe showing it exactly
        // (a step starts a moment before the frame, PlayerKeyframes.jumpLead).
        var changes = 0
        for k in 1..<values.count where values[k].value != values[k - 1].value && values[k].time < tracks.span.upperBound {
            changes += 1
            let frame = values[k]
            #expect(
                keyframes.contains { !$0.hold && abs($0.time - frame.time) <= 2 * PlayerKeyframes.jumpLead && $0.values == [frame.value] },
                "frame at \(frame.time)")
        }
        #expect(changes > 50)
        #expect(keyframes.count >= changes)
        let item = try #require(tracks.export(to: .lottie).items.first { $0.target == "card" && $0.property == "opacity" })
        #expect(item.method == .exact && item.line.hasSuffix("per-frame values as steps (--steps exact))"))
        #expect(ExportResult(format: .lottie, bytes: [], items: [item], findings: []).reportJSON.contains("\"steps\": \"exact\""))
    }

    @Test("squash and stretch: every frame's scale within the budget, in fewer keyframes than frames")
    func squashFitted() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Plans/squash-ball.yaml"), encoding: .utf8)
        let tracks = TimelineTracks(try bake(text))
        let layer = try #require(tracks.timeline.layer(withID: "ball"))
        #expect(try Self.onlySets(tracks.timeline, target: "ball", .scale))
        for c in 0..<2 {
            let values = try Self.setValues(tracks.timeline, target: "ball", PropertyPath(.scale, component: c))
            #expect(values.count > 30)
            let curve = tracks.curve(layer: layer, property: .scale, component: c)
            let budget = Self.budget(values, model: 1)
            // squashAndStretch writes the scale at the frames where the ball's velocity changes
            // its stretch, and the value holds between: every frame is checked, held ones too.
            let fps = tracks.timeline.canvas.fps
            let worst = Self.worstAtFrames(curve.segments, values, model: 1, fps: fps, end: tracks.span.upperBound).error
            #expect(worst <= budget, "scale component \(c)")
            #expect(PlayerKeyframes.keyframes([curve]).count < values.count)
            let item = try #require(
                tracks.export(to: .html).items.first { $0.target == "ball" && $0.property == "scale.\(c == 0 ? "x" : "y")" })
            #expect(abs(item.maxError - worst) <= 1e-9, "\(item.line)")
        }
    }
}
