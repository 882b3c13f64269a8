import Foundation
import MotionCore
import MotionTimeline
import Testing

@testable import MotionExport

/// The report's keyframe counts are those of the file (docs/export.md §1): the components of one
/// player property share its keyframes, so each counts them all.
///
/// The report counted each component's own keyframes, while a Lottie property stores one list of
/// keyframes for all its dimensions (`s: [x, y]`) and a CSS `translate` one row list for x and y:
/// a scale whose x eases over 1 s and whose y moves from 0.25 s to 0.75 s was reported as 2 and 4
/// keyframes, and the file held 5 for both. Every expected count here is read from the written
/// file, never from the exporter's keyframe code.
@Suite("Report keyframe counts match the file")
struct ReportKeyframeCountTests {
    /// A card whose scale, size, colour and anchor point move their components at different times,
    /// one colour component and position.x touched but still.
    static let document = cardDocument(
        """
              - { add: tween, target: "#card", property: scale.x, from: 1, to: 1.5, duration: 1, easing: [0.4, 0, 0.2, 1] }
              - { add: tween, target: "#card", property: scale.y, from: 1, to: 0.5, duration: 0.5, delay: 0.25 }
              - { add: tween, target: "#card", property: size.width, to: 120, duration: 0.6 }
              - { add: tween, target: "#card", property: size.height, to: 60, duration: 0.3, delay: 0.4 }
              - { add: tween, target: "#card", property: backgroundColor, to: "#E588E5", duration: 0.6 }
              - { add: tween, target: "#card", property: backgroundColor.b, to: 0.2, duration: 0.2, delay: 0.7 }
              - { add: tween, target: "#card", property: anchorPoint.x, to: 0, duration: 0.4, delay: 0.1 }
              - { add: tween, target: "#card", property: position, to: [100, 160], duration: 0.8 }
        """,
        layer: "{ position: [100, 100], size: [80, 40], backgroundColor: \"#1E88E5\", cornerRadius: 4 }",
        canvas: "canvas: { size: [200, 200], fps: 60 }")

    /// The keyframes a Lottie property holds: its `k` list when animated (`a: 1`), else 1 (a
    /// static value).
    static func count(_ property: Any?) throws -> Int {
        let object = try #require(property as? [String: Any])
        guard object["a"] as? Int == 1 else { return 1 }
        return try #require(object["k"] as? [Any]).count
    }

    /// The item of `group`'s shapes (`fill`) of type `type` (`rc`, `fl`).
    static func shape(_ layer: [String: Any], group: String, type: String) throws -> [String: Any] {
        let groups = try #require(layer["shapes"] as? [[String: Any]])
        let items = try #require(groups.first { $0["nm"] as? String == group }?["it"] as? [[String: Any]])
        return try #require(items.first { $0["ty"] as? String == type })
    }

    /// Per report path, the keyframes the Lottie file holds for the property that carries it:
    /// the transform's `a`, `p.x`, `p.y`, `s`, `r`, `o`, the fill's rectangle `s` and `r`, its
    /// colour `c` and opacity `o`.
    static func lottieCounts(_ bytes: [UInt8], target: String) throws -> [String: Int] {
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let layers = try #require(lottie["layers"] as? [[String: Any]])
        let layer = try #require(layers.first { $0["nm"] as? String == target && $0["ty"] as? Int == 4 })
        let transform = try #require(layer["ks"] as? [String: Any])
        let position = try #require(transform["p"] as? [String: Any])
        let rectangle = try shape(layer, group: "fill", type: "rc")
        let fill = try shape(layer, group: "fill", type: "fl")
        let (anchor, scale, size, colour) = try (
            count(transform["a"]), count(transform["s"]), count(rectangle["s"]), count(fill["c"])
        )
        return [
            "position.x": try count(position["x"]), "position.y": try count(position["y"]),
            "anchorPoint.x": anchor, "anchorPoint.y": anchor, "scale.x": scale, "scale.y": scale,
            "rotation": try count(transform["r"]), "opacity": try count(transform["o"]),
            "size.width": size, "size.height": size, "cornerRadius": try count(rectangle["r"]),
            "backgroundColor.r": colour, "backgroundColor.g": colour, "backgroundColor.b": colour,
            "backgroundColor.a": try count(fill["o"]),
        ]
    }

    @Test("each Lottie report item counts the keyframes of the property that carries it")
    func lottieCountsAreTheFiles() throws {
        let export = LottieExporter.export(TimelineTracks(try bake(Self.document)))
        let counts = try Self.lottieCounts(export.bytes, target: "card")
        // The shared lists hold more keyframes than some of their components' own curves, the
        // case the report got wrong: scale.x alone is one tween over the whole second (2),
        // backgroundColor.g never changes (1).
        #expect((counts["scale.x"] ?? 0) > 2 && (counts["backgroundColor.g"] ?? 0) > 1)
        let items = Dictionary(uniqueKeysWithValues: export.items.map { ($0.property, $0) })
        #expect(
            Set(items.keys) == [
                "position.x", "position.y", "size.width", "size.height", "anchorPoint.x", "scale.x", "scale.y",
                "backgroundColor.r", "backgroundColor.g", "backgroundColor.b", "backgroundColor.a",
            ])
        for (property, item) in items {
            #expect(item.keyframes == counts[property], "\(property): \(item.line)")
        }
        // A still component that shares a moving one's list counts it; one written as a static value, 1.
        #expect(items["backgroundColor.g"]?.line == "card backgroundColor.g: exact (\(counts["backgroundColor.g"] ?? 0) keyframes)")
        #expect(items["backgroundColor.a"]?.line == "card backgroundColor.a: exact (1 keyframe)")
        #expect(items["position.x"]?.line == "card position.x: exact (1 keyframe)")
    }

    /// A group's opacity is carried by its precomposition layer, and a border's colour by the
    /// border's fill: their items count those.
    @Test("a group's opacity and a border's colour count the keyframes that carry them")
    func groupOpacityAndBorderColour() throws {
        let timeline = try bake(
            """
            motion: 1
            canvas: { size: [200, 200], fps: 60 }
            targets:
              panel:
                layer: { position: [100, 100], size: [120, 80], borderWidth: 4, borderColor: "#000000" }
                children: { dot: { layer: { position: [20, 20], size: [10, 10] } } }
            transactions:
              - at: 0
                ops:
                  - { add: tween, target: "#panel", property: opacity, from: 1, to: 0.4, duration: 0.5 }
                  - { add: tween, target: "#panel", property: borderColor.r, to: 1, duration: 0.3 }
                  - { add: tween, target: "#panel", property: borderColor.g, to: 1, duration: 0.6, delay: 0.2 }
            """)
        let export = LottieExporter.export(TimelineTracks(timeline))
        let lottie = try #require(try JSONSerialization.jsonObject(with: Data(export.bytes)) as? [String: Any])
        let layers = try #require(lottie["layers"] as? [[String: Any]])
        let group = try #require(layers.first { $0["nm"] as? String == "panel group" })
        let opacity = try Self.count((group["ks"] as? [String: Any])?["o"])
        let assets = try #require(lottie["assets"] as? [[String: Any]])
        let inner = try #require(assets.first?["layers"] as? [[String: Any]])
        let panel = try #require(inner.first { $0["nm"] as? String == "panel" && $0["ty"] as? Int == 4 })
        let border = try Self.count(Self.shape(panel, group: "border", type: "fl")["c"])
        // Opacity: at 0, 0.5 and the end (0.8 s). The border colour: r's knots (0, 0.3 s) and g's
        // (0.2, 0.8 s) together, where each alone has 3.
        #expect(opacity == 3 && border == 4)
        let items = Dictionary(uniqueKeysWithValues: export.items.map { ($0.property, $0.keyframes) })
        #expect(items["opacity"] == opacity)
        #expect(items["borderColor.r"] == border && items["borderColor.g"] == border)
    }

    /// The rows of the stylesheet's `@keyframes` rule `name`.
    static func rows(_ css: String, _ name: String) throws -> Int {
        let rule = try #require(css.range(of: "@keyframes \(name) {\n"))
        let lines = css[rule.upperBound...].split(separator: "\n").prefix { $0 != "}" }
        #expect(lines.allSatisfy { $0.hasPrefix("  ") && $0.contains("% { ") })
        return lines.count
    }

    /// CSS: a spring moves position.y while x stays: `translate` carries both in one rule, whose
    /// rows position.x counts too; scale's x and y keep their own rules (they do not move together).
    @Test("each CSS report item counts the rows of the rule that carries it")
    func cssCountsAreTheRules() throws {
        let timeline = try bake(
            cardDocument(
                """
                      - { add: spring, target: "#card", property: position, destination: [100, 160], duration: 0.4, bounce: 0.2 }
                      - { add: tween, target: "#card", property: scale.x, from: 1, to: 1.5, duration: 1, easing: [0.4, 0, 0.2, 1] }
                      - { add: tween, target: "#card", property: scale.y, from: 1, to: 0.5, duration: 0.5, delay: 0.25 }
                """, canvas: "canvas: { size: [200, 200], fps: 60 }"))
        let export = CSSExporter.export(TimelineTracks(timeline), page: false)
        let css = export.text
        #expect(css.contains("animation: m0-translate 1s linear 0s 1 normal both, m0-scale-x "))
        let (translate, scaleX, scaleY) = try (Self.rows(css, "m0-translate"), Self.rows(css, "m0-scale-x"), Self.rows(css, "m0-scale-y"))
        let items = Dictionary(uniqueKeysWithValues: export.items.map { ($0.property, $0.keyframes) })
        #expect(items["position.x"] == translate && items["position.y"] == translate)
        #expect(items["scale.x"] == scaleX && items["scale.y"] == scaleY)
        #expect(translate > 1)
    }
}
