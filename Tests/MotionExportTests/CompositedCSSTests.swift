import Foundation
import MotionCore
import MotionPlans
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionExport

/// Components that a real CSS property shows by itself are animated on that property, so that the
/// browser's compositor plays them (docs/export.md §4); the others keep their custom properties.
@Suite("Composited CSS")
struct CompositedCSSTests {
    /// The stylesheet of a card at (100, 100), 80 x 40, anchored at its centre, with `ops`.
    func css(_ ops: String, layer: String = "{ position: [100, 100], size: [80, 40] }") throws -> String {
        let document = try #require(DocumentLoader.load(Array(cardDocument(ops, layer: layer).utf8), file: "t.yaml").document)
        return CSSExporter.export(TimelineTracks(Baker.bake(document).timeline), page: false).text
    }

    /// The lines of the `@keyframes` rule named `name`, without its braces.
    func rule(_ css: String, _ name: String) -> [String] {
        guard let start = css.range(of: "@keyframes \(name) {\n") else { return [] }
        let body = css[start.upperBound...]
        return body.prefix(upTo: body.range(of: "\n}\n")?.lowerBound ?? body.endIndex).split(separator: "\n").map(String.init)
    }

    @Test func aMoveIsATranslationByPositionMinusAnchorTimesSize() throws {
        let text = try css(
            ##"      - { add: tween, target: "#card", property: position.y, from: 100, to: 160, duration: 0.5, easing: easeInOut }"##)
        // translate = position - anchorPoint x size: x 100 - 0.5 x 80 = 60, y 100 - 20 = 80 and 160 - 20 = 140.
        #expect(
            rule(text, "m0-translate") == [
                "  0% { translate: 60px 80px; animation-timing-function: cubic-bezier(0.42, 0, 0.58, 1); }",
                "  100% { translate: 60px 140px; }",
            ])
        #expect(text.contains("animation: m0-translate 0.5s linear 0s 1 normal both;"))
        #expect(!text.contains("@keyframes m0-position"))
        // The custom property keeps its value at the start.
        #expect(text.contains("  --position-y: 100;\n"))
    }

    @Test func bothAxesOfOneTweenShareOneAnimation() throws {
        let text = try css(
            ##"      - { add: tween, target: "#card", property: position, to: [200, 50], duration: 1, repeat: 2, autoreverse: true }"##)
        #expect(rule(text, "m0-translate").count == 2)
        #expect(rule(text, "m0-translate").last == "  100% { translate: 160px 30px; }")
        // Two autoreversed repeats are four CSS passes.
        #expect(text.contains("animation: m0-translate 1s linear 0s 4 alternate both;"))
    }

    @Test func twoLinearTweensOnTheAxesShareOneAnimation() throws {
        let text = try css(
            """
                  - { add: tween, target: "#card", property: position.x, to: 200, duration: 1, easing: linear }
                  - { add: tween, target: "#card", property: position.y, to: 50, duration: 0.5, easing: linear }
            """)
        // At 0.5 s: x = 100 + 100 x 0.5 = 150, y = 50; minus the anchor offset (40, 20).
        #expect(
            rule(text, "m0-translate") == [
                "  0% { translate: 60px 80px; animation-timing-function: linear; }",
                "  50% { translate: 110px 30px; animation-timing-function: linear; }",
                "  100% { translate: 160px 30px; }",
            ])
    }

    @Test func axesWithDifferentEasingsKeepTheirCustomProperties() throws {
        // One timing function cannot ease x in and y out over the same keyframes.
        let text = try css(
            """
                  - { add: tween, target: "#card", property: position.x, to: 200, duration: 1, easing: easeIn }
                  - { add: tween, target: "#card", property: position.y, to: 50, duration: 0.5, easing: easeOut }
            """)
        #expect(rule(text, "m0-translate").isEmpty)
        #expect(rule(text, "m0-position-x").first?.hasPrefix("  0% { --position-x: 100; animation-timing-function: cubic-bezier(") == true)
        #expect(rule(text, "m0-position-y").first?.hasPrefix("  0% { --position-y: 100; animation-timing-function: cubic-bezier(") == true)
    }

    @Test func rotationScaleAndOpacityAreTheirOwnProperties() throws {
        let text = try css(
            """
                  - { add: tween, target: "#card", property: rotation, from: 0, to: 90, duration: 1, easing: linear }
                  - { add: tween, target: "#card", property: scale.x, from: 1, to: 2, duration: 1, easing: linear }
                  - { add: tween, target: "#card", property: opacity, from: 0, to: 1, duration: 1, easing: linear }
            """)
        #expect(rule(text, "m0-rotate") == ["  0% { rotate: 0deg; animation-timing-function: linear; }", "  100% { rotate: 90deg; }"])
        #expect(rule(text, "m0-scale") == ["  0% { scale: 1 1; animation-timing-function: linear; }", "  100% { scale: 2 1; }"])
        #expect(rule(text, "m0-opacity") == ["  0% { opacity: 0; animation-timing-function: linear; }", "  100% { opacity: 1; }"])
        #expect(!text.contains("@keyframes m0-rotation"))
    }

    @Test func opacityBeyondZeroToOneStaysACustomProperty() throws {
        // An overshooting easing takes the value above 1: CSS opacity would clamp the keyframes
        // before interpolating, the render server clamps what it draws.
        let text = try css(
            ##"      - { add: tween, target: "#card", property: opacity, from: 0, to: 1, duration: 1, easing: [0.3, 0, 0.3, 1.6] }"##)
        let rows = rule(text, "m0-opacity")
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("{ --opacity: ") })
    }

    @Test func aMovingSizeKeepsTheTransformOnCustomProperties() throws {
        // The translation and the transform origin follow the size: the browser computes them.
        let text = try css(
            """
                  - { add: tween, target: "#card", property: size.width, to: 120, duration: 1 }
                  - { add: tween, target: "#card", property: rotation, to: 45, duration: 1 }
            """)
        #expect(rule(text, "m0-rotate").isEmpty)
        #expect(!rule(text, "m0-rotation").isEmpty)
        #expect(!rule(text, "m0-size-width").isEmpty)
    }

    @Test("each layer's translation uses its own anchor point and size, however its neighbours are placed")
    func layersPlacedAlikeAndApart() throws {
        // a and b share a placement, c differs, d is placed as a again, e's size moves (no
        // composited transform), f is placed as a after it.
        let placements = [
            ("a", "position: [100, 100], size: [80, 40]"), ("b", "position: [10, 10], size: [80, 40]"),
            ("c", "position: [100, 100], size: [20, 60], anchorPoint: [0, 1]"), ("d", "position: [0, 0], size: [80, 40]"),
            ("e", "position: [0, 0], size: [80, 40]"), ("f", "position: [0, 0], size: [80, 40]"),
        ]
        let targets = placements.map { "  \($0.0): { layer: { \($0.1) } }\n" }.joined()
        let ops = [
            #"{ add: tween, target: "*", property: position.x, to: 200, duration: 1, easing: linear }"#,
            ##"{ add: tween, target: "#e", property: size.width, to: 100, duration: 1, easing: linear }"##,
        ]
        let yaml = "motion: 1\ntargets:\n\(targets)transactions:\n  - at: 0\n    ops:\n" + ops.map { "      - \($0)\n" }.joined()
        let text = CSSExporter.export(TimelineTracks(try bake(yaml)), page: false).text
        // translate = position - anchorPoint x size, per layer.
        #expect(rule(text, "m0-translate").first == "  0% { translate: 60px 80px; animation-timing-function: linear; }")
        #expect(rule(text, "m1-translate").first == "  0% { translate: -30px -10px; animation-timing-function: linear; }")
        #expect(rule(text, "m2-translate").first == "  0% { translate: 100px 40px; animation-timing-function: linear; }")
        #expect(rule(text, "m2-translate").last == "  100% { translate: 200px 40px; }")
        #expect(rule(text, "m3-translate").first == "  0% { translate: -40px -20px; animation-timing-function: linear; }")
        #expect(rule(text, "m4-translate").isEmpty)
        #expect(!rule(text, "m4-position-x").isEmpty)
        #expect(rule(text, "m5-translate").last == "  100% { translate: 160px -20px; }")
    }
}
