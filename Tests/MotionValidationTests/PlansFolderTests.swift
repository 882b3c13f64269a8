import Foundation
import MotionDiagnostics
import MotionPlans
import MotionValidation
import Testing

/// The example documents in Plans/: all valid, and all bakeable (every interactive intention in
/// them has an input).
@Suite("Plans folder")
struct PlansFolderTests {
    static let plansFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Plans")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: plansFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test func theFolderHoldsTheThirteenExamples() {
        #expect(Self.files.count == 20, "\(Self.plansFolder.path): \(Self.files)")
    }

    @Test(arguments: files) func loadsAndValidatesWithoutAnyDiagnostic(_ name: String) throws {
        let path = Self.plansFolder.appendingPathComponent(name).path
        let result = try DocumentLoader.load(path: path)
        #expect(result.diagnostics.isEmpty, "\(shown(result.diagnostics))")
        let document = try #require(result.document)
        #expect(!document.targets.isEmpty && !document.transactions.isEmpty)
        let diagnostics = Validator.validate(document, options: ValidationOptions(forBake: false))
        #expect(diagnostics.isEmpty, "\(shown(diagnostics))")
        let forBake = Validator.validate(document, options: ValidationOptions(forBake: true))
        #expect(forBake.isEmpty, "\(shown(forBake))")
        let interactive = document.transactions.flatMap(\.operations).compactMap(\.intention).filter(\.typeName.isInteractive)
        if !interactive.isEmpty { #expect(!document.inputs.isEmpty, "interactive plans need inputs to bake") }
    }

    @Test func withoutItsInputsAnInteractivePlanGivesB001OnlyForBake() throws {
        let path = Self.plansFolder.appendingPathComponent("drag-handoff.yaml").path
        var document = try #require(try DocumentLoader.load(path: path).document)
        document.inputs = []
        #expect(codes(Validator.validate(document, options: ValidationOptions(forBake: false))) == [.G001])
        let tossable = Self.plansFolder.appendingPathComponent("tossable-card.yaml").path
        var toss = try #require(try DocumentLoader.load(path: tossable).document)
        #expect(toss.transactions.flatMap(\.operations).contains { $0.intention?.typeName == .tossable })
        toss.inputs = []
        #expect(Validator.validate(toss, options: ValidationOptions(forBake: false)).isEmpty)
        #expect(codes(Validator.validate(toss, options: ValidationOptions(forBake: true))).contains(.B001))
    }
}
