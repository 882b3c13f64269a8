import Foundation
import MotionCore
import MotionPlans
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionExport

/// Pages carry the reduced-motion variant under `@media (prefers-reduced-motion: reduce)`.
@Suite("Reduced motion in pages")
struct ReducedMotionExportTests {
    @Test func theVariantSitsInAMediaBlock() throws {
        let yaml = cardDocument(
            """
                  - { add: tween, target: "#card", property: position.x, to: 300, duration: 0.5, reducedMotion: skip }
            """)
        let document = try #require(DocumentLoader.load(Array(yaml.utf8), file: "t.yaml").document)
        let full = TimelineTracks(Baker.bake(document).timeline)
        let reduced = TimelineTracks(Baker.bake(document.reducedMotionVariant()).timeline)
        let page = CSSExporter.export(full, reduced: reduced, page: true).text
        let plain = CSSExporter.export(full, page: false).text
        let parts = page.components(separatedBy: "@media (prefers-reduced-motion: reduce) {\n")
        #expect(parts.count == 2)
        // Outside the block: the full export, unchanged.
        #expect(parts[0].contains(plain))
        let block = parts.count == 2 ? parts[1] : ""
        #expect(block.contains("@keyframes r0-translate {"))
        #expect(!block.contains("@keyframes m"))
        #expect(block.contains("animation: r0-translate 0s "))
        #expect(!block.contains("@property"))
    }

    @Test func anElementTheVariantLeavesStillStopsItsAnimation() throws {
        let yaml = cardDocument(
            """
                  - { add: tween, target: "#card", property: rotation, to: 360, duration: 1, repeat: 2, autoreverse: true, reducedMotion: skip }
            """)
        let document = try #require(DocumentLoader.load(Array(yaml.utf8), file: "t.yaml").document)
        let full = TimelineTracks(Baker.bake(document).timeline)
        let reduced = TimelineTracks(Baker.bake(document.reducedMotionVariant()).timeline)
        let css = CSSExporter.export(full, reduced: reduced, page: false).text
        let block = css.components(separatedBy: "@media (prefers-reduced-motion: reduce) {\n").last ?? ""
        // Two whole autoreversed passes end where they began: the variant does not move, so the
        // full page's animation must stop under the media query.
        #expect(block.contains("  animation: none;\n") || block.contains("animation: r0-rotate"), "\(block)")
    }
}
