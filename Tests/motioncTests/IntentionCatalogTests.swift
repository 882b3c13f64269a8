import Foundation
import MotionPlans
import MotionRuntime
import Testing

/// The intention descriptors (IntentionCatalog.swift) are the one description of each type: the
/// docs tables, `explain` and the runtime binding read them.
@Suite struct IntentionCatalogTests {
    @Test func formatDocsTablesEqualWhatExplainPrints() throws {
        let docs = try String(contentsOf: Motionc.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        let begin = try #require(docs.range(of: IntentionType.docsBegin + "\n"), "docs/format.md lacks the generated-table marker")
        let end = try #require(docs.range(of: IntentionType.docsEnd, range: begin.upperBound..<docs.endIndex))
        let printed = try Motionc.run(["explain", "--intentions", "--markdown"])
        #expect(printed.status == 0)
        #expect(
            String(docs[begin.upperBound..<end.lowerBound]) == printed.stdout,
            "docs/format.md §2.1 is stale: replace the text between its markers with `swift run motionc explain --intentions --markdown`")
    }

    @Test func explainNamesATypesParametersAndExecutor() throws {
        let printed = try Motionc.run(["explain", "squashAndStretch"])
        #expect(printed.status == 0)
        #expect(printed.stdout.contains("executor: ShapeExecutor"))
        #expect(printed.stdout.contains("factor: number >= 0 (default 0.2)"))
        #expect(try Motionc.run(["explain", "squashAndStretchy"]).status != 0)
        // The keys every add op takes are listed too; a composite takes no name.
        for key in ["target", "stagger", "staggerFrom", "reducedMotion"] {
            #expect(printed.stdout.contains("\n  \(key): "), "\(key)")
        }
        #expect(printed.stdout.contains("\n  name: "))
        #expect(!(try Motionc.run(["explain", "tossable"]).stdout.contains("\n  name: ")))
    }

    @Test func namesAreUniqueAndLookUp() {
        let names = IntentionType.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for type in IntentionType.allCases {
            #expect(IntentionType(rawValue: type.rawValue) == type)
            let keys = type.addKeys
            #expect(Set(keys).count == keys.count, "\(type) repeats a key")
        }
        #expect(IntentionType(rawValue: "tweeen") == nil)
    }

    /// Only composites (whose executor emits other intentions) refuse names (N003), and the
    /// runtime type decides it: the descriptor cannot disagree with the executor binding.
    @Test func compositesAreTheUnnamedTypes() {
        for type in IntentionType.allCases {
            #expect(type.canBeNamed == (type.family != "composite"), "\(type)")
            #expect((type.executorType == CompositeExecutor.self) == (type.family == "composite"), "\(type)")
        }
    }

    /// Defaults the docs show are the runtime's own values, typed once.
    @Test func documentedDefaultsAreTheRuntimeDefaults() throws {
        let factor = try #require(IntentionType.squashAndStretch.parameter("factor")?.defaultDescription)
        #expect(Double(factor) == SquashAndStretch().factor)
        let stiffness = try #require(IntentionType.spring.parameter("stiffness")?.defaultDescription)
        #expect(Double(stiffness) == SpringParameters().stiffness)
        #expect(IntentionType.tween.parameter("duration")?.defaultDescription == "0.25s")
    }
}
