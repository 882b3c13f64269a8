import Foundation
import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionExport

/// Bakes a document given as YAML text.
func bake(_ yaml: String) throws -> Timeline {
    let result = DocumentLoader.load(Array(yaml.utf8), file: "test.yaml")
    guard let document = result.document, !result.diagnostics.containsErrors else {
        Issue.record("the document did not decode: \(result.diagnostics.map(\.message))")
        throw CancellationError()
    }
    return Baker.bake(document).timeline
}

/// A document with one card and the given ops at time 0.
func cardDocument(_ ops: String, layer: String = "{ position: [100, 100], size: [80, 40] }", canvas: String = "") -> String {
    """
    motion: 1
    \(canvas)
    targets:
      card:
        layer: \(layer)
    transactions:
      - at: 0
        ops:
    \(ops)
    """
}

/// CSS cubic-bezier, solved independently of the exporter: bisection on x to 1e-15.
func cssBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ u: Double) -> Double {
    func bez(_ a: Double, _ b: Double, _ s: Double) -> Double {
        3 * a * (1 - s) * (1 - s) * s + 3 * b * (1 - s) * s * s + s * s * s
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bez(x1, x2, mid) < u { lo = mid } else { hi = mid }
    }
    return bez(y1, y2, (lo + hi) / 2)
}

/// Lottie keyframes as written, and the value a player shows between them.
struct LottieKeyframes {
    let keyframes: [[String: Any]]
    let times: [Double]

    /// The keyframes of the first layer's transform property `key` (`o`: opacity).
    init(_ bytes: [UInt8], key: String) throws {
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let layer = try #require((lottie["layers"] as? [[String: Any]])?.first)
        let animated = try #require((layer["ks"] as? [String: Any])?[key] as? [String: Any])
        keyframes = try #require(animated["k"] as? [[String: Any]])
        times = keyframes.compactMap { $0["t"] as? Double }
        #expect(times.count == keyframes.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// The value at `frame`, as a Lottie player evaluates the keyframes (its own cubic-bezier
    /// per keyframe pair, a hold keeps the value).
    func value(at frame: Double) throws -> Double {
        let k = try #require(times.lastIndex { $0 <= frame })
        let from = try #require((keyframes[k]["s"] as? [Double])?.first)
        guard k + 1 < keyframes.count, keyframes[k]["h"] as? Int != 1 else { return from }
        let to = try #require((keyframes[k + 1]["s"] as? [Double])?.first)
        let out = try #require(keyframes[k]["o"] as? [String: [Double]])
        let into = try #require(keyframes[k]["i"] as? [String: [Double]])
        let (x1, y1) = try (#require(out["x"]?.first), #require(out["y"]?.first))
        let (x2, y2) = try (#require(into["x"]?.first), #require(into["y"]?.first))
        let u = (frame - times[k]) / (times[k + 1] - times[k])
        return from + (to - from) * cssBezier(x1, y1, x2, y2, u)
    }
}

@Suite("Component tracks")
struct ComponentTrackTests {
    @Test("a delayed, repeated, autoreversed tween is copied exactly, pass by pass")
    func repeatedTween() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - add: tween
                        target: "#card"
                        property: position.x
                        from: 0
                        to: 100
                        duration: 0.5
                        delay: 0.25
                        repeat: 1.5
                        autoreverse: true
                        easing: [0.4, 0, 0.2, 1]
                """))
        let tracks = TimelineTracks(timeline)
        let curve = tracks.curve(layer: 0, property: .position, component: 0)
        #expect(curve.method == .exact)
        // Expected from the contract, independently: start 0.25, passes of 0.5 s, odd passes
        // backwards, 3 passes in all (1.5 repeats of forward + backward), then the last moment.
        func expected(_ t: Double) -> Double {
            guard t > 0.25 else { return 0 }
            let x = min((t - 0.25) / 0.5, 3)
            var k = x.rounded(.down)
            var local = x - k
            if x >= 3 {
                k = 2
                local = 1
            }
            let progress = Int(k) % 2 == 1 ? 1 - local : local
            return 100 * cssBezier(0.4, 0, 0.2, 1, progress)
        }
        var worst = 0.0
        for i in 0...2000 {
            let t = Double(i) * 2.5 / 2000
            worst = max(worst, abs(curve.value(at: t) - expected(t)))
        }
        #expect(worst < 1e-7, "largest difference \(worst)")
    }

    @Test("the default spring travelling 100 pt fits in at most 8 segments within 1e-3 of its travel")
    func defaultSpring() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - add: spring
                        target: "#card"
                        property: position.x
                        destination: 200
                """))
        let tracks = TimelineTracks(timeline)
        let curve = tracks.curve(layer: 0, property: .position, component: 0)
        #expect(curve.method == .fitted)
        let moving = curve.segments.filter { $0.from != $0.to }
        #expect(moving.count <= 8, "\(moving.count) segments")
        // The closed form (damping ratio 30 / (2 sqrt 342) < 1), independently of the runtime.
        let omega = 342.0.squareRoot()
        let zeta = 30 / (2 * omega)
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        func spring(_ t: Double) -> Double {
            200 - 100 * exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
        }
        var worst = 0.0
        for i in 0...4000 {
            let t = Double(i) / 4000 * min(tracks.span.upperBound, 1.0)
            worst = max(worst, abs(curve.value(at: t) - spring(t)))
        }
        #expect(worst <= 0.1 + 0.011, "largest difference \(worst)")  // budget + the rest threshold's snap
    }
}

@Suite("Lottie and CSS exports")
struct ExportFormatTests {
    static let nested = """
        motion: 1
        targets:
          panel:
            layer: { position: [100, 100], size: [120, 80], backgroundColor: "#6200EE", opacity: 1 }
            children:
              a: { layer: { position: [-20, 0], size: [60, 60], backgroundColor: "#03DAC6" } }
              b: { layer: { position: [20, 0], size: [60, 60], backgroundColor: "#03DAC6" } }
        transactions:
          - at: 0
            ops:
              - add: tween
                target: "#panel"
                property: opacity
                from: 1
                to: 0.5
                duration: 0.5
                repeat: 2
                autoreverse: true
        """

    @Test("a fading target with children becomes a precomposition; children are parented")
    func groupOpacity() throws {
        let result = TimelineTracks(try bake(Self.nested)).export(to: .lottie)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
        let assets = try #require(object["assets"] as? [[String: Any]])
        #expect(assets.count == 1)
        #expect(assets.first?["id"] as? String == "group-panel")
        let layers = try #require(object["layers"] as? [[String: Any]])
        #expect(layers.contains { $0["nm"] as? String == "panel group" && $0["ty"] as? Int == 0 })
        let inner = try #require(assets.first?["layers"] as? [[String: Any]])
        let panel = try #require(inner.first { $0["nm"] as? String == "panel" })
        let child = try #require(inner.first { $0["nm"] as? String == "a" })
        #expect(child["parent"] as? Int == panel["ind"] as? Int)
        // The panel inside its group is opaque: the group carries the opacity.
        let ks = try #require(panel["ks"] as? [String: Any])
        #expect((ks["o"] as? [String: Any])?["k"] as? Double == 100)
    }

    @Test("CSS repeats an autoreversed tween with its own iteration: 2 repeats are 4 alternate passes")
    func cssIteration() throws {
        let result = TimelineTracks(try bake(Self.nested)).export(to: .css)
        #expect(result.text.contains("0.5s linear 0s 4 alternate both"))
        #expect(result.items.map(\.method) == [.exact])
    }

    @Test("progress counts every layer once, in order, for both players")
    func progress() throws {
        let tracks = TimelineTracks(try bake(Self.nested))
        for format in [ExportFormat.lottie, .html] {
            var seen: [Int] = []
            _ = tracks.export(to: format) { done, total in
                #expect(total == 3)
                seen.append(done)
            }
            #expect(seen == [1, 2, 3], "\(format)")
        }
    }

    @Test("exports are byte-identical for the same input")
    func deterministic() throws {
        for format in ExportFormat.allCases {
            let a = TimelineTracks(try bake(Self.nested)).export(to: format)
            let b = TimelineTracks(try bake(Self.nested)).export(to: format)
            #expect(a.text == b.text)
            #expect(a.reportJSON == b.reportJSON)
        }
    }

    @Test("a zPosition animation that reorders siblings is dropped from Lottie, and said")
    func droppedOrder() throws {
        let timeline = try bake(
            """
            motion: 1
            targets:
              card: { layer: { position: [100, 100], size: [120, 80] } }
              badge: { layer: { position: [140, 100], size: [60, 60], zPosition: -1 } }
            transactions:
              - ops:
                  - add: tween
                    target: "#badge"
                    property: zPosition
                    from: -1
                    to: 1
                    duration: 1
            """)
        let lottie = TimelineTracks(timeline).export(to: .lottie)
        #expect(lottie.findings.map(\.target) == ["badge"])
        #expect(lottie.items.first { $0.property == "zPosition" }?.method == .dropped)
        let css = TimelineTracks(timeline).export(to: .css)
        #expect(css.findings.isEmpty)
    }

    @Test("a static zPosition orders Lottie layers: the higher sibling is listed (drawn) first")
    func staticOrder() throws {
        let timeline = try bake(
            """
            motion: 1
            targets:
              card: { layer: { position: [100, 100], size: [120, 80], zPosition: 2 } }
              badge: { layer: { position: [140, 100], size: [60, 60] } }
            transactions:
              - ops:
                  - add: tween
                    target: "#badge"
                    property: opacity
                    to: 0
                    duration: 1
            """)
        let result = TimelineTracks(timeline).export(to: .lottie)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.text.utf8)) as? [String: Any])
        let names = (object["layers"] as? [[String: Any]])?.compactMap { $0["nm"] as? String }
        #expect(names == ["card", "badge", "background"])
    }
}

@Suite("The support matrix")
struct SupportMatrixTests {
    @Test("every row's document reports, per player, the method the row says", arguments: ExportCapability.all)
    func rowHolds(row: ExportCapability) throws {
        let tracks = TimelineTracks(try bake(row.document))
        for (format, expected) in [(ExportFormat.lottie, row.lottie), (.html, row.css)] {
            let item = tracks.export(to: format).items.first { $0.target == row.target && $0.property == row.property }
            #expect(item?.method == expected, "\(row.feature), \(format): \(String(describing: item))")
        }
    }

    @Test("docs/export.md shows the matrix the code holds")
    func documentIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/export.md"), encoding: .utf8)
        let begin = "<!-- support matrix: generated from ExportCapability.all -->\n"
        let end = "<!-- end of support matrix -->"
        let start = try #require(text.range(of: begin))
        let stop = try #require(text.range(of: end))
        let shown = String(text[start.upperBound..<stop.lowerBound])
        #expect(shown == ExportCapability.markdown, "docs/export.md §5 should be:\n\(ExportCapability.markdown)")
    }
}

@Suite("Plans/ exports")
struct PlansExportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let plans = ((try? FileManager.default.contentsOfDirectory(atPath: root.path + "/Plans")) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test("every fitted component of every Plans document stays within its budget", arguments: plans)
    func withinBudget(name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Plans/" + name), encoding: .utf8)
        let tracks = TimelineTracks(try bake(text))
        for format in [ExportFormat.lottie, .html] {
            let result = tracks.export(to: format)
            #expect(!result.items.isEmpty)
            for item in result.items where item.method == .fitted {
                let layer = try #require(tracks.timeline.layer(withID: item.target))
                let path = try #require(PropertyPath(item.property))
                let budget = tracks.tolerance(layer: layer, property: path.property, component: path.component ?? 0)
                #expect(item.maxError <= budget, "\(format) \(item.line): budget \(budget)")
            }
        }
    }
}
