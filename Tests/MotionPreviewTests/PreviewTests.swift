import Foundation
import MotionCore
import MotionDiagnostics
import MotionExport
import MotionJSON
import MotionPlans
import MotionScheduler
import MotionTimeline
import Testing

@testable import MotionPreview

/// Writes `yaml` to a fresh temporary file (`name` may hold folders) and compiles it for the preview.
func compile(_ yaml: String, name: String = "doc.yaml", reducedMotion: Bool = false) throws -> PreviewBuild {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionc-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(name).path
    try FileManager.default.createDirectory(
        at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
    return PreviewBuild.compile(path: path, reducedMotion: reducedMotion)
}

/// One card with the given ops at time 0, at 60 fps.
func card(_ ops: String) -> String {
    """
    motion: 1
    canvas: { size: [200, 100], fps: 60 }
    targets:
      card:
        layer: { position: [100, 50], size: [80, 40], opacity: 0 }
    transactions:
      - at: 0
        ops:
    \(ops)
    """
}

let linearFade = card(
    """
          - add: tween
            target: "#card"
            property: opacity
            from: 0
            to: 1
            duration: 1s
            easing: linear
    """)

let spring = card(
    """
          - add: spring
            target: "#card"
            property: position.x
            destination: 180
    """)

@Suite("Preview page")
struct PreviewTests {
    @Test("a linear one-second fade: samples k/60 at every frame, keyframes at 0 and 1 s, nothing fitted")
    func linearCurve() throws {
        let build = try compile(linearFade)
        let stage = try #require(build.stage)
        #expect(stage.duration == 1)
        let curve = try #require(stage.curves.first)
        #expect(stage.curves.count == 1)
        #expect(curve.target == "card" && curve.property == "opacity" && curve.method == .exact)
        #expect(curve.samples.count == 61)
        #expect(abs(curve.step - 1.0 / 60) < 1e-15)
        for (k, v) in curve.samples.enumerated() { #expect(abs(v - Double(k) / 60) < 1e-12, "frame \(k): \(v)") }
        #expect(curve.keyframes.map(\.time) == [0, 1])
        #expect(curve.keyframes.map(\.value) == [0, 1])
        #expect(curve.fittedSpans.isEmpty)
    }

    @Test("--reduced-motion previews the variant: a skipped fade shows its end value from the commit")
    func reducedMotion() throws {
        let skipped = card(
            """
                  - { add: tween, target: "#card", property: opacity, from: 0, to: 1, duration: 1, reducedMotion: skip }
            """)
        let full = try #require(try compile(skipped).stage?.curves.first)
        #expect(abs(full.samples[30] - 0.5) < 1e-12)
        let reduced = try #require(try compile(skipped, reducedMotion: true).stage)
        // Skip jumps to the final value at the commit (docs/format.md §7.7): 1 at every frame.
        let curve = try #require(reduced.curves.first { $0.property == "opacity" })
        #expect(curve.samples.allSatisfy { $0 == 1 }, "\(curve.samples.prefix(5))")
    }

    @Test("a spring is fitted from its start until it comes to rest, within the timeline")
    func springSpans() throws {
        let stage = try #require(try compile(spring).stage)
        let curve = try #require(stage.curves.first { $0.property == "position.x" })
        #expect(curve.method == .fitted)
        let span = try #require(curve.fittedSpans.first)
        #expect(curve.fittedSpans.count == 1)
        #expect(span.lowerBound == 0)
        #expect(span.upperBound > 0.3 && span.upperBound <= stage.duration)
        // The samples start at the model value and end at the destination.
        #expect(curve.samples.first == 100)
        #expect(abs((curve.samples.last ?? 0) - 180) < 0.05)
    }

    @Test("the stage is the HTML export's stylesheet and elements, byte for byte")
    func stageIsTheExport() throws {
        let build = try compile(linearFade)
        let stage = try #require(build.stage)
        let page = PreviewPage.html(build, live: false)
        let document = try #require(DocumentLoader.load(Array(linearFade.utf8), file: "doc.yaml").document)
        let tracks = TimelineTracks(Baker.bake(document).timeline)
        let exported = tracks.export(to: .html).text
        #expect(page.contains(stage.stylesheet))
        #expect(page.contains(stage.elements))
        #expect(exported.contains(stage.stylesheet))
        #expect(exported.contains(stage.elements))
        #expect(stage.elements.contains("<div id=\"card\" class=\"motionc-layer\">"))
        for loader in ["src=", "href=", "url(", "@import", "fetch("] {
            #expect(!page.contains(loader), "the page loads nothing: \(loader)")
        }
    }

    @Test("a document with an error has no stage; its diagnostic carries code and file:line:column")
    func errors() throws {
        let broken = linearFade.replacingOccurrences(of: "duration: 1s", with: "duration: -1s")
        let build = try compile(broken)
        #expect(build.stage == nil)
        let diagnostic = try #require(build.diagnostics.first { $0.severity == .error })
        #expect(diagnostic.code.rawValue == "D005")
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("duration:") }
        #expect(diagnostic.range.start.line == (line ?? -1) + 1)
        let update = PreviewPage.update(build, version: 3)
        #expect(update.hasPrefix("{\"type\":\"problems\",\"version\":3,"))
        #expect(update.contains("\"code\":\"D005\""))
        #expect(build.renderedDiagnostics.contains("error[D005]"))
    }

    @Test("a file that cannot be read is a build without a stage and with the reason")
    func unreadable() {
        let build = PreviewBuild.compile(path: "/nonexistent/motionc-preview.yaml")
        #expect(build.stage == nil)
        #expect(build.readError?.path == "/nonexistent/motionc-preview.yaml")
    }

    @Test("a baked timeline is named as one; a document with errors is not")
    func bakedTimeline() throws {
        let loaded = DocumentLoader.load(Array(linearFade.utf8), file: "fade.yaml")
        let timeline = Baker.bake(try #require(loaded.document)).timeline
        let build = try compile(TimelineJSON.text(timeline), name: "t.json")
        #expect(build.isBakedTimeline)
        #expect(build.stage == nil)
        let broken = try compile(linearFade.replacingOccurrences(of: "duration: 1s", with: "duration: -1s"))
        #expect(!broken.isBakedTimeline)
        #expect(try !compile(linearFade).isBakedTimeline)
    }

    @Test("every update names the server that made it: numbers start at 1 in every server")
    func instance() throws {
        let build = try compile(linearFade)
        #expect(PreviewPage.update(build, version: 1, instance: "A").contains("\"version\":1,\"instance\":\"A\""))
        #expect(PreviewPage.html(build, live: true, version: 1, instance: "B").contains("\"version\":1,\"instance\":\"B\""))
    }

    @Test("the stage reports progress: each layer exported, then each curve, up to their sum")
    func progress() throws {
        let yaml = card(
            """
                  - add: tween
                    target: "#card"
                    property: position
                    to: [10, 20]
                    duration: 1s
                  - add: tween
                    target: "#card"
                    property: opacity
                    to: 1
                    duration: 1s
            """)
        let loaded = DocumentLoader.load(Array(yaml.utf8), file: "card.yaml")
        let timeline = Baker.bake(try #require(loaded.document)).timeline
        // One layer; three animated components: position.x, position.y, opacity.
        var reports: [(done: Int, total: Int)] = []
        let stage = PreviewStage(timeline: timeline, file: "card.yaml") { reports.append(($0, $1)) }
        #expect(stage.curves.count == 3)
        #expect(reports.allSatisfy { $0.total == 4 })
        #expect(reports.map(\.done) == [1, 1, 2, 3, 4])
    }

    @Test("JSON inside the page's script cannot close the script element")
    func scriptSafe() throws {
        // The file's path is in the page's data; a folder named `a<` puts `</script>` in it.
        let build = try compile(linearFade, name: "a</script><b>.yaml")
        let page = PreviewPage.html(build, live: true, version: 1)
        #expect(page.components(separatedBy: "</script>").count == 3, "two scripts, closed once each")
        #expect(page.contains("a\\u003c/script>\\u003cb>"))
    }

    @Test("a document's name is text on the page: it cannot end the stylesheet or keep the data's script open")
    func hostileNameStaysText() throws {
        let build = try compile(
            "name: \"</style><script>alert(1)</script><!--<script>\"\n" + linearFade)
        #expect(build.stage != nil, "\(build.diagnostics.map(\.message))")
        let page = PreviewPage.html(build, live: false).lowercased()
        #expect(page.components(separatedBy: "</style").count == 3, "the page's two stylesheets, closed once each")
        #expect(page.components(separatedBy: "</script>").count == 3, "two scripts, closed once each")
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<!--<script"))
    }

    @Test("a repeating, autoreversing tween marks every pass's keyframes, as the player plays them")
    func repeatedKeyframes() throws {
        let pingPong = card(
            """
                  - add: tween
                    target: "#card"
                    property: position.x
                    from: 0
                    to: 10
                    duration: 1s
                    easing: linear
                    repeat: 2
                    autoreverse: true
            """)
        let curve = try #require(try compile(pingPong).stage?.curves.first)
        // Core Animation's repeat of an autoreversing tween is there and back: 4 passes of 1 s.
        #expect(curve.keyframes.map(\.time) == [0, 1, 2, 3, 4])
        #expect(curve.keyframes.map(\.value) == [0, 10, 0, 10, 0])
        #expect(curve.samples.count == 241)
        #expect(abs(curve.samples[90] - 5) < 1e-9, "halfway back in the second pass")
    }

    @Test("long timelines keep at most maximumSamples samples, every n-th frame")
    func longTimeline() throws {
        let long = linearFade.replacingOccurrences(of: "duration: 1s", with: "duration: 50s")
        let curve = try #require(try compile(long).stage?.curves.first)
        #expect(curve.samples.count <= PreviewCurve.maximumSamples + 1)
        let stride = (curve.step * 60).rounded()
        #expect(stride == 2)
        for (k, v) in curve.samples.enumerated() { #expect(abs(v - Double(k) * curve.step / 50) < 1e-9) }
    }
}
