import Foundation
import Testing

@testable import MotionDiagnostics

@Suite("JSON, SARIF and GitHub rendering")
struct MachineFormatTests {
    static let n004 = Diagnostic(
        .N004, "remove of \"drgg\" on #card, but #card holds no plan by that name",
        file: "Plans/card.yaml", at: SourceRange(line: 14, column: 17, endColumn: 21),
        help: "did you mean \"drag\"?")
    static let d006 = Diagnostic(
        .D006, "duplicate target id \"card\"", file: "Plans/my plans/card.yaml",
        at: SourceRange(line: 9, column: 3, endColumn: 7),
        notes: [
            DiagnosticNote("first defined here", at: SourceRange(line: 3, column: 3, endColumn: 7)),
            DiagnosticNote("ids are unique across the tree"),
        ])

    private func parse(_ text: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    // MARK: JSON

    @Test func jsonHasTheFormatKeysInOrder() {
        let output = DiagnosticRenderer.render([Self.n004], format: .json, fileCount: 3)
        #expect(
            output == """
                {
                  "diagnostics": [
                    {
                      "file": "Plans/card.yaml",
                      "line": 14,
                      "column": 17,
                      "severity": "warning",
                      "code": "N004",
                      "message": "remove of \\"drgg\\" on #card, but #card holds no plan by that name",
                      "notes": [],
                      "help": "did you mean \\"drag\\"?"
                    }
                  ],
                  "summary": {
                    "files": 3,
                    "errors": 0,
                    "warnings": 1
                  }
                }

                """)
    }

    @Test func jsonNotesAreObjectsAndHelpMayBeNull() throws {
        let root = try parse(DiagnosticRenderer.render([Self.d006], format: .json, fileCount: 1))
        let diagnostics = try #require(root["diagnostics"] as? [[String: Any]])
        let notes = try #require(diagnostics.first?["notes"] as? [[String: Any]])
        #expect(notes.count == 2)
        #expect(notes[0]["message"] as? String == "first defined here")
        #expect(notes[0]["line"] as? Int == 3)
        #expect(notes[0]["column"] as? Int == 3)
        #expect(notes[1]["line"] is NSNull)
        #expect(diagnostics.first?["help"] is NSNull)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
    }

    @Test(arguments: [
        "quote \" backslash \\ slash /",
        "line\nbreak\r\ttab \u{08}\u{0C} nul\u{0} bell\u{7} esc\u{1B}",
        "unicode é ü 🎞️ \u{2028}",
    ])
    func jsonEscapingRoundTrips(message: String) throws {
        let diagnostic = Diagnostic(.D003, message, file: "a\"b.yaml", at: .fileStart, help: message)
        let root = try parse(DiagnosticRenderer.render([diagnostic], format: .json, fileCount: 1))
        let first = try #require((root["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["message"] as? String == message)
        #expect(first["help"] as? String == message)
        #expect(first["file"] as? String == "a\"b.yaml")
    }

    @Test func jsonWithoutDiagnosticsIsStillComplete() throws {
        let output = DiagnosticRenderer.render([], format: .json, fileCount: 0)
        #expect(
            output
                == "{\n  \"diagnostics\": [],\n  \"summary\": {\n    \"files\": 0,\n    \"errors\": 0,\n    \"warnings\": 0\n  }\n}\n"
        )
    }

    // MARK: SARIF

    @Test func sarifHasTheRequiredStructure() throws {
        let output = DiagnosticRenderer.render([Self.n004, Self.d006], format: .sarif, fileCount: 2)
        let root = try parse(output)
        #expect(root["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(root["version"] as? String == "2.1.0")
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "motionc")
        #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)

        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == DiagnosticCode.allCases.map(\.rawValue))
        for (rule, code) in zip(rules, DiagnosticCode.allCases) {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == code.title)
            #expect(((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            #expect(((rule["help"] as? [String: Any])?["text"] as? String)?.contains(code.rawValue) == true)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == code.severity.rawValue)
        }

        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        for result in results {
            let ruleID = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleID)
            #expect(["error", "warning", "note"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
        }

        // Sorted for display: Plans/card.yaml before "Plans/my plans/card.yaml".
        let n004 = results[0]
        #expect(n004["ruleId"] as? String == "N004")
        #expect(n004["level"] as? String == "warning")
        #expect(
            (n004["message"] as? [String: Any])?["text"] as? String
                == "remove of \"drgg\" on #card, but #card holds no plan by that name\nhelp: did you mean \"drag\"?")
        let location = try #require(
            (n004["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "Plans/card.yaml")
        let region = try #require(location["region"] as? [String: Int])
        #expect(region == ["startLine": 14, "startColumn": 17, "endLine": 14, "endColumn": 21])
        #expect(n004["relatedLocations"] == nil)

        let d006 = results[1]
        let related = try #require(d006["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 0)
        #expect((related[0]["message"] as? [String: Any])?["text"] as? String == "first defined here")
        let relatedLocation = try #require(related[0]["physicalLocation"] as? [String: Any])
        #expect(
            (relatedLocation["artifactLocation"] as? [String: Any])?["uri"] as? String
                == "Plans/my%20plans/card.yaml")
        #expect((relatedLocation["region"] as? [String: Int])?["startLine"] == 3)
        #expect(
            ((d006["message"] as? [String: Any])?["text"] as? String)?.hasSuffix(
                "\nnote: ids are unique across the tree")
                == true)
    }

    @Test func sarifRegionsAreAlwaysValid() throws {
        let odd = Diagnostic(
            .Y001, "m", file: "a.yaml",
            at: SourceRange(start: .init(line: 0, column: 0), end: .init(line: 0, column: 0)))
        let root = try parse(DiagnosticRenderer.render([odd], format: .sarif, fileCount: 1))
        let run = try #require((root["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let location = try #require(
            (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect(
            location["region"] as? [String: Int] == ["startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 2])
    }

    @Test(arguments: [
        ("Plans/card.yaml", "Plans/card.yaml"),
        ("Plans/my plans/card.yaml", "Plans/my%20plans/card.yaml"),
        ("C:\\plans\\a.yaml", "C%3A/plans/a.yaml"),
        ("é#?.yaml", "%C3%A9%23%3F.yaml"),
        ("100%.yaml", "100%25.yaml"),
    ])
    func sarifURIs(path: String, uri: String) {
        #expect(DiagnosticRenderer.uri(forPath: path) == uri)
    }

    // MARK: GitHub

    @Test func githubWorkflowCommands() {
        let note = Diagnostic(.W006, "hidden", file: "a.yaml", at: .init(line: 2, column: 5), severity: .note)
        let output = DiagnosticRenderer.render([Self.n004, Self.d006, note], format: .github, fileCount: 3)
        #expect(
            output == """
                ::warning file=Plans/card.yaml,line=14,col=17,endLine=14,endColumn=21,title=N004::remove of "drgg" on #card, but #card holds no plan by that name%0Ahelp: did you mean "drag"?
                ::error file=Plans/my plans/card.yaml,line=9,col=3,endLine=9,endColumn=7,title=D006::duplicate target id "card"%0Anote: Plans/my plans/card.yaml:3:3: first defined here%0Anote: ids are unique across the tree
                ::notice file=a.yaml,line=2,col=5,endLine=2,endColumn=6,title=W006::hidden

                """)
        #expect(DiagnosticRenderer.render([], format: .github, fileCount: 1) == "")
    }

    @Test(arguments: [
        ("50% done\r\nnext", "50%25 done%0D%0Anext", "50%25 done%0D%0Anext"),
        ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
        ("::error::", "::error::", "%3A%3Aerror%3A%3A"),
    ])
    func githubEscaping(raw: String, data: String, property: String) {
        #expect(DiagnosticRenderer.escapeGitHubData(raw) == data)
        #expect(DiagnosticRenderer.escapeGitHubProperty(raw) == property)
    }

    @Test func githubEscapesFileNames() {
        let diagnostic = Diagnostic(.D002, "m\nx", file: "a,b:c.yaml", at: .init(line: 1, column: 1))
        #expect(
            DiagnosticRenderer.render([diagnostic], format: .github, fileCount: 1)
                == "::error file=a%2Cb%3Ac.yaml,line=1,col=1,endLine=1,endColumn=2,title=D002::m%0Ax\n")
    }
}
