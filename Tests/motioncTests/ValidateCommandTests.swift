import Foundation
import MotionDiagnostics
import MotionPlans
import MotionValidation
import Testing

/// `motionc validate` as CI runs it: exit codes, formats, folders, --strict.
@Suite struct ValidateCommandTests {
    static let clean = """
        motion: 1
        targets:
          card: { layer: { size: [10, 10] } }
        transactions:
          - ops:
              - { add: tween, target: "#card", property: opacity, to: 1 }
        """
    static let warningOnly = """
        motion: 1
        targets:
          card: {}
        transactions:
          - ops:
              - { remove: drag, target: "#card" }
        """
    static let broken = """
        motion: 1
        targets:
          card: {}
        transactions:
          - ops:
              - { add: tween, target: "#card", property: opacty, to: 1 }
        """

    @Test func cleanFolderExitsZero() throws {
        let result = try Motionc.run(["validate", "Plans"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("no problems found in \(Motionc.plans.count) files"))
    }

    @Test func aFileNamedTwiceIsCheckedOnce() throws {
        let result = try Motionc.run(["validate", "Plans", "Plans/fade-in.yaml", "./Plans/fade-in.yaml"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("no problems found in \(Motionc.plans.count) files"), "\(result.stdout)")
    }

    @Test("a document in a folder whose name is not UTF-8 is a read error, never silently left unchecked")
    func folderWithANameThatIsNotUTF8() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Motionc.write(Self.clean, to: "good.yaml", in: directory)
        let name = Array((directory.path + "/").utf8) + [0xFF, 0xFE] + Array(".yaml".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { path in
                path.baseAddress.map { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) } ?? -1
            }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("/\u{FFFD}\u{FFFD}.yaml': its name is not valid UTF-8; rename it"))
        #expect(result.stdout.contains("no problems found in 1 file"), "the other document is still checked: \(result.stdout)")
    }

    @Test("a path that cannot be read hides no other diagnostic, and JSON and SARIF stay whole documents")
    func unreadablePathKeepsTheOthersDiagnostics() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let broken = try Motionc.write(Self.broken, to: "broken.yaml", in: directory)
        let missing = directory.appendingPathComponent("missing.yaml").path
        let text = try Motionc.run(["validate", broken.path, missing])
        #expect(text.status == 2, "a read error wins: \(text.stderr)")
        #expect(text.stderr.contains("missing.yaml': no such file or folder"))
        #expect(text.stdout.contains("error[D009]"), "\(text.stdout)")
        for format in ["json", "sarif"] {
            let result = try Motionc.run(["validate", "--format", format, missing, broken.path])
            #expect(result.status == 2)
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            #expect(String(describing: json).contains("D009"), "\(format): \(result.stdout.prefix(300))")
        }
        let alone = try Motionc.run(["validate", missing])
        #expect(alone.status == 2)
        #expect(alone.stdout.isEmpty, "no summary claiming no problems: \(alone.stdout)")
        let name = try Motionc.run(["validate", "bad\u{FFFD}.yaml"])
        #expect(name.stderr.contains("not valid UTF-8"), "\(name.stderr)")
    }

    @Test("a subfolder whose name is not UTF-8 is a read error too, since the documents in it cannot be checked")
    func subfolderWithANameThatIsNotUTF8() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Motionc.write(Self.clean, to: "good.yaml", in: directory)
        let name = Array((directory.path + "/").utf8) + [0xFF] + Array("sub".utf8) + [0]
        let made = name.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { path in path.baseAddress.map { mkdir($0, 0o755) } ?? -1 }
        }
        try #require(made == 0)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("/\u{FFFD}sub': its name is not valid UTF-8; rename it"))
    }

    @Test func errorsExitOneAndPrintCarets() throws {
        let directory = try Motionc.temporaryDirectory()
        let file = try Motionc.write(Self.broken, to: "broken.yaml", in: directory)
        let result = try Motionc.run(["validate", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(file.path):6:50: error[D009]: unknown property \"opacty\""))
        #expect(result.stdout.contains("help: did you mean \"opacity\"?"))
        #expect(result.stdout.contains("^^^^^^"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let directory = try Motionc.temporaryDirectory()
        let file = try Motionc.write(Self.warningOnly, to: "warn.yaml", in: directory)
        let relaxed = try Motionc.run(["validate", file.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.contains("warning[N004]"))
        let strict = try Motionc.run(["validate", "--strict", file.path])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error[N004]"))
    }

    @Test func unreadableFileExitsTwo() throws {
        let result = try Motionc.run(["validate", "/nonexistent/motion.yaml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/motion.yaml"))
    }

    @Test func directoryNamedLikeAFileIsUnreadable() throws {
        let directory = try Motionc.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder.yaml/inner"), withIntermediateDirectories: true)
        try Motionc.write(Self.clean, to: "folder.yaml/inner/ok.yaml", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 0, "folders are searched recursively: \(result.stdout)\(result.stderr)")
    }

    @Test func usageErrorsExitSixtyFour() throws {
        #expect(try Motionc.run(["validate", "--format", "xml", "Plans"]).status == 64)
        #expect(try Motionc.run(["validate"]).status == 64)
        #expect(try Motionc.run(["frobnicate"]).status == 64)
    }

    @Test func foldersAreSearchedRecursivelyAndCounted() throws {
        let directory = try Motionc.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        try Motionc.write(Self.clean, to: "a/one.yaml", in: directory)
        try Motionc.write(Self.broken, to: "a/b/two.yaml", in: directory)
        try Motionc.write("not: yaml: [", to: "a/b/ignored.txt", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("1 error in 2 files"))
    }

    @Test func ymlFilesInFoldersAreDocumentsToo() throws {
        let directory = try Motionc.temporaryDirectory()
        try Motionc.write(Self.clean, to: "one.yaml", in: directory)
        try Motionc.write(Self.broken, to: "two.yml", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("two.yml:6:50: error[D009]"))
        #expect(result.stdout.contains("1 error in 2 files"))
    }

    @Test func upperCaseSuffixesAreDocumentsToo() throws {
        let directory = try Motionc.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Motionc.write(Self.clean, to: "a.Yaml", in: directory)
        try Motionc.write(Self.broken, to: "sub/b.YML", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("b.YML:6:50: error[D009]"))
        #expect(result.stdout.contains("1 error in 2 files"))
    }

    @Test func hiddenFoldersAndNodeModulesAreLeftOutOfAWalk() throws {
        let directory = try Motionc.temporaryDirectory()
        for folder in [".github/workflows", "node_modules/pkg", "sub/.cache"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let workflow = "on: push\njobs: { test: { runs-on: ubuntu-latest } }\n"
        try Motionc.write(workflow, to: ".github/workflows/ci.yml", in: directory)
        try Motionc.write(workflow, to: "node_modules/pkg/config.yaml", in: directory)
        try Motionc.write(workflow, to: "sub/.cache/x.yaml", in: directory)
        try Motionc.write(Self.clean, to: "plan.yaml", in: directory)
        try Motionc.write(Self.clean, to: ".hidden-plan.yaml", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("in 2 files"), "\(result.stdout)")
        // Named on the command line, a hidden folder is read.
        let named = try Motionc.run(["validate", directory.appendingPathComponent(".github").path])
        #expect(named.status == 1)
        #expect(named.stdout.contains("ci.yml"))
        #expect(try Motionc.run(["validate", "."], in: directory).status == 0)
    }

    @Test func aFolderWithNoDocumentIsAnError() throws {
        let directory = try Motionc.temporaryDirectory()
        try Motionc.write("not: yaml: [", to: "notes.txt", in: directory)
        let result = try Motionc.run(["validate", directory.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read '\(directory.path)': no motion documents (*.yaml, *.yml) in this folder"))
        let withOne = try Motionc.write(Self.clean, to: "ok.yaml", in: directory)
        #expect(try Motionc.run(["validate", withOne.path]).status == 0)
    }

    @Test func jsonFormatMatchesTheContract() throws {
        let directory = try Motionc.temporaryDirectory()
        let file = try Motionc.write(Self.broken, to: "broken.yaml", in: directory)
        let result = try Motionc.run(["validate", "--format", "json", file.path])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == file.path)
        #expect(first["line"] as? Int == 6)
        #expect(first["column"] as? Int == 50)
        #expect(first["severity"] as? String == "error")
        #expect(first["code"] as? String == "D009")
        #expect(first["help"] as? String == "did you mean \"opacity\"?")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 1)
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["warnings"] as? Int == 0)
        // Keys in the contract's order.
        let keys = ["\"file\"", "\"line\"", "\"column\"", "\"severity\"", "\"code\"", "\"message\"", "\"notes\"", "\"help\""]
        let positions = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
    }

    @Test func sarifNamesEveryRule() throws {
        let directory = try Motionc.temporaryDirectory()
        let file = try Motionc.write(Self.broken, to: "broken.yaml", in: directory)
        let result = try Motionc.run(["validate", "--format", "sarif", file.path])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.first?["ruleId"] as? String == "D009")
    }

    @Test func githubFormatPrintsWorkflowCommands() throws {
        let directory = try Motionc.temporaryDirectory()
        let file = try Motionc.write(Self.broken, to: "broken.yaml", in: directory)
        let result = try Motionc.run(["validate", "--format", "github", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("::error file=\(file.path),line=6,col=50,"))
        #expect(result.stdout.contains("title=D009::"))
    }
}

/// `motionc explain` for every code.
@Suite struct ExplainCommandTests {
    @Test(arguments: DiagnosticCode.allCases)
    func explainsEveryCode(code: DiagnosticCode) throws {
        let result = try Motionc.run(["explain", code.rawValue])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(code.rawValue))
        #expect(result.stdout.contains(code.explanation.failingExample.split(separator: "\n").first.map(String.init) ?? "\u{0}"))
    }

    @Test func lowercaseCodesWork() throws {
        #expect(try Motionc.run(["explain", "n004"]).status == 0)
    }

    @Test func unknownCodeIsAUsageError() throws {
        let result = try Motionc.run(["explain", "D099"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown diagnostic code"))
    }
}

/// The examples `motionc explain` shows really behave as it says.
@Suite struct ExplanationExampleTests {
    static func diagnostics(of text: String, forBake: Bool) -> [Diagnostic] {
        let loaded = DocumentLoader.load(Array(text.utf8), file: "example.yaml")
        guard let document = loaded.document, !loaded.diagnostics.containsErrors else { return loaded.diagnostics }
        return loaded.diagnostics + Validator.validate(document, options: ValidationOptions(forBake: forBake))
    }

    /// Y005 (size), Y003 and W009 (1,001 tweens) need inputs too large to show; their examples
    /// describe the case. X001 and X002 come from exports, not from the validator:
    /// ``exportExamplesBehave()`` and ``cutShortExamplesBehave()`` run them.
    static let demonstrable = DiagnosticCode.allCases.filter { ![.Y005, .Y003, .X001, .X002].contains($0) }

    /// X002's examples through `motionc validate --for lottie,html`: 200,000 passes of 0.25 ms are
    /// unrolled for Lottie until 100,000 x 0.25 ms = 25 s of the 50 s, and said at the target's id;
    /// CSS repeats the tween with its own iteration, and the fixed example's 2,000 passes fit.
    @Test func cutShortExamplesBehave() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionc-x002-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = folder.appendingPathComponent("failing.yaml")
        let fixed = folder.appendingPathComponent("fixed.yaml")
        try DiagnosticCode.X002.explanation.failingExample.write(to: failing, atomically: true, encoding: .utf8)
        try DiagnosticCode.X002.explanation.fixedExample.write(to: fixed, atomically: true, encoding: .utf8)
        let warned = try Motionc.run(["validate", "--for", "lottie", failing.path])
        #expect(warned.status == 0)
        #expect(warned.stdout.contains("failing.yaml:3:3: warning[X002]: opacity on #dot is cut short (lottie)"))
        #expect(warned.stdout.contains("until 25 s of the 50 s exported"))
        let strict = try Motionc.run(["validate", "--for", "lottie", "--strict", failing.path])
        #expect(strict.status == 1)
        let html = try Motionc.run(["validate", "--for", "html", failing.path])
        #expect(!html.stdout.contains("X002"), "CSS iterates the tween itself")
        let clean = try Motionc.run(["validate", "--for", "lottie,html", fixed.path])
        #expect(clean.status == 0)
        #expect(!clean.stdout.contains("X002"))
    }

    /// X001's examples through `motionc validate --for lottie,html`: the failing one warns at the
    /// dropped target's id, the fixed one is clean.
    @Test func exportExamplesBehave() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionc-x001-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = folder.appendingPathComponent("failing.yaml")
        let fixed = folder.appendingPathComponent("fixed.yaml")
        try DiagnosticCode.X001.explanation.failingExample.write(to: failing, atomically: true, encoding: .utf8)
        try DiagnosticCode.X001.explanation.fixedExample.write(to: fixed, atomically: true, encoding: .utf8)
        let warned = try Motionc.run(["validate", "--for", "lottie,html", "--format", "json", failing.path])
        #expect(warned.status == 0)
        #expect(warned.stdout.contains("\"code\": \"X001\""))
        // The badge's id is on line 4 of the example, at column 3.
        #expect(warned.stdout.contains("\"line\": 4"))
        #expect(warned.stdout.contains("\"column\": 3"))
        let strict = try Motionc.run(["validate", "--for", "lottie", "--strict", failing.path])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("warning[X001]") || strict.stdout.contains("error[X001]"))
        let clean = try Motionc.run(["validate", "--for", "lottie,html", fixed.path])
        #expect(clean.status == 0)
        #expect(!clean.stdout.contains("X001"))
        let html = try Motionc.run(["validate", "--for", "html", failing.path])
        #expect(!html.stdout.contains("X001"), "CSS can reorder layers: nothing is dropped")
    }

    @Test(arguments: demonstrable)
    func failingExampleTriggersItsCode(code: DiagnosticCode) {
        let found = Self.diagnostics(of: code.explanation.failingExample, forBake: code == .B001)
        #expect(found.contains { $0.code == code }, "\(code): \(found.map(\.code.rawValue))")
    }

    @Test(arguments: DiagnosticCode.allCases)
    func fixedExampleIsClean(code: DiagnosticCode) {
        let found = Self.diagnostics(of: code.explanation.fixedExample, forBake: code == .B001)
        #expect(found.isEmpty, "\(code): \(found.map { "\($0.code.rawValue) \($0.message)" })")
    }

    @Test func catalogueFileIsCurrent() throws {
        let file = try String(contentsOf: Motionc.packageRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let printed = try Motionc.run(["explain", "--all", "--markdown"])
        #expect(
            printed.stdout == file, "docs/diagnostics.md is stale: run `swift run motionc explain --all --markdown > docs/diagnostics.md`")
    }
}
