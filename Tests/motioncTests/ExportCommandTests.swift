import Foundation
import Testing

/// `motionc export` as users run it: the report lines and file, exit codes, strictness, and
/// outputs that are whole or absent.
@Suite struct ExportCommandTests {
    /// A fresh temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("motionc-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let reordering = """
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
        """

    @Test("one line per animated component, and the same items in --report")
    func reportLines() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("card.json").path
        let report = dir.appendingPathComponent("report.json").path
        let result = try Motionc.run(["export", "Plans/card-expand.yaml", "--to", "lottie", "-o", out, "--report", report])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("card size.width: exact") })
        #expect(lines.contains { $0.hasPrefix("card position.y: fitted (") && $0.contains("largest error") })
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "lottie")
        let items = try #require(object["items"] as? [[String: Any]])
        #expect(items.count == lines.count)
        #expect(items.allSatisfy { ["exact", "fitted", "dropped"].contains($0["method"] as? String ?? "") })
    }

    @Test("a dropped property is X001 at the target's line; --strict fails and writes nothing")
    func strictDrop() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = dir.appendingPathComponent("order.yaml")
        try Self.reordering.write(to: document, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("order.json").path
        let lenient = try Motionc.run(["export", document.path, "--to", "lottie", "-o", out])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("badge zPosition: dropped ("))
        #expect(lenient.stderr.contains("order.yaml:4:3: warning[X001]"))
        try FileManager.default.removeItem(atPath: out)
        let strict = try Motionc.run(["export", document.path, "--to", "lottie", "-o", out, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("motionc: --strict: nothing written, as a warning says what lottie cannot carry"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let css = try Motionc.run(["export", document.path, "--to", "css", "-o", out, "--strict"])
        #expect(css.status == 0, "CSS carries zPosition: \(css.stderr)")
    }

    @Test("a baked timeline exports to the same bytes as its document; twice gives the same bytes")
    func timelineInput() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = dir.appendingPathComponent("t.json").path
        #expect(try Motionc.run(["bake", "Plans/tossable-card.yaml", "-o", timeline]).status == 0)
        for format in ["lottie", "html", "css"] {
            let a = dir.appendingPathComponent("a.\(format)").path
            let b = dir.appendingPathComponent("b.\(format)").path
            let c = dir.appendingPathComponent("c.\(format)").path
            #expect(try Motionc.run(["export", "Plans/tossable-card.yaml", "--to", format, "-o", a]).status == 0)
            #expect(try Motionc.run(["export", "Plans/tossable-card.yaml", "--to", format, "-o", b]).status == 0)
            #expect(try Motionc.run(["export", timeline, "--to", format, "-o", c]).status == 0)
            let bytes = try [a, b, c].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            #expect(bytes[0] == bytes[1])
            #expect(bytes[0] == bytes[2])
        }
    }

    @Test("errors: an unreadable input or output is 2, an invalid document 1, a bad --to 64")
    func exitCodes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("x.json").path
        #expect(try Motionc.run(["export", "Plans/missing.yaml", "--to", "lottie", "-o", out]).status == 2)
        let unwritable = try Motionc.run(["export", "Plans/fade-in.yaml", "--to", "lottie", "-o", "/nonexistent/dir/x.json"])
        #expect(unwritable.status == 2)
        let invalid = dir.appendingPathComponent("bad.yaml")
        try
            "motion: 1\ntransactions:\n  - ops:\n      - add: tween\n        target: \"#nobody\"\n        property: opacity\n        to: 1\n"
            .write(to: invalid, atomically: true, encoding: .utf8)
        #expect(try Motionc.run(["export", invalid.path, "--to", "lottie", "-o", out]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try Motionc.run(["export", "Plans/fade-in.yaml", "--to", "gif", "-o", out]).status == 64)
    }

    @Test("a --report that cannot be written fails before the export replaces its earlier file")
    func unwritableReportKeepsTheExport() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("card.html")
        let earlier = Data("an earlier export\n".utf8)
        try earlier.write(to: out)
        let report = dir.appendingPathComponent("missing/report.json").path
        let result = try Motionc.run(["export", "Plans/fade-in.yaml", "--to", "html", "-o", out.path, "--report", report])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("missing/report.json"))
        #expect(result.stdout.isEmpty, "no report lines for an export that is not written: \(result.stdout)")
        #expect(try Data(contentsOf: out) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["card.html"])
    }

    @Test("export -o - writes only the export on standard output: the report lines go to standard error")
    func exportToStandardOutputIsOnlyTheFile() throws {
        let result = try Motionc.run(["export", "Plans/card-expand.yaml", "--to", "lottie", "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["v"] != nil, "a Lottie file: \(result.stdout.prefix(200))")
        #expect(result.stderr.contains("card"), "the report lines: \(result.stderr)")
        let css = try Motionc.run(["export", "Plans/card-expand.yaml", "--to", "css", "-o", "-"])
        #expect(css.stdout.hasPrefix("/*") || css.stdout.hasPrefix("@"), "\(css.stdout.prefix(200))")
        #expect(!css.stdout.contains(": exact ("))
    }

    @Test("a baked timeline where a document is needed: --reduced-motion is a usage error, bake and run name it")
    func reducedMotionNeedsADocument() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let timeline = dir.appendingPathComponent("rm.json").path
        #expect(try Motionc.run(["bake", "Plans/reduced-motion.yaml", "-o", timeline]).status == 0)
        let out = dir.appendingPathComponent("rm.lottie").path
        let export = try Motionc.run(["export", timeline, "--to", "lottie", "-o", out, "--reduced-motion"])
        #expect(export.status == 64, "\(export.stderr)")
        #expect(export.stderr.contains("bake --reduced-motion") || export.stderr.contains("--reduced-motion`"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let render = try Motionc.run(["render", timeline, "--at", "0", "-o", dir.appendingPathComponent("f.png").path, "--reduced-motion"])
        #expect(render.status == 64, "\(render.stderr)")
        // bake and run take documents: a timeline is named as one, not read as YAML with unknown keys.
        for command in [["bake", timeline, "-o", dir.appendingPathComponent("again.json").path], ["run", timeline]] {
            let result = try Motionc.run(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("is a baked timeline, not a motion document"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("D00"), "\(command): \(result.stderr)")
        }
        // The document itself takes the flag.
        #expect(try Motionc.run(["export", "Plans/reduced-motion.yaml", "--to", "lottie", "-o", out, "--reduced-motion"]).status == 0)
    }

    @Test("a page that carries the reduced-motion variant reports the variant's properties too, marked")
    func reducedMotionVariantIsReported() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.json")
        let page = try Motionc.run([
            "export", "Plans/reduced-motion.yaml", "--to", "html", "-o", dir.appendingPathComponent("p.html").path,
            "--report", report.path,
        ])
        #expect(page.status == 0, "\(page.stderr)")
        let lines = page.stdout.split(separator: "\n")
        let marked = lines.filter { $0.contains(" (reduced motion): ") }
        #expect(!marked.isEmpty, "\(page.stdout)")
        // The variant crossfades the note: an opacity the full export does not animate.
        #expect(marked.contains { $0.hasPrefix("note opacity (reduced motion): ") }, "\(page.stdout)")
        #expect(!lines.contains { $0.hasPrefix("note opacity: ") })
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let items = try #require(json?["items"] as? [[String: Any]])
        #expect(items.filter { $0["reducedMotion"] as? Bool == true }.count == marked.count)
        #expect(items.count == lines.count)
        // Lottie has no such switch: nothing is marked.
        let lottie = try Motionc.run(["export", "Plans/reduced-motion.yaml", "--to", "lottie", "-o", "/dev/null"])
        #expect(!lottie.stdout.contains("reduced motion"))
    }
}
