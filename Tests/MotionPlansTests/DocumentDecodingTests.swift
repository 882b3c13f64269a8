import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionTestSupport
import Testing

/// The document around the intentions: canvas, target tree, YAML features, names, inputs.
@Suite("Document decoding")
struct DocumentDecodingTests {
    @Test func canvasDefaults() throws {
        let document = try decodeClean("motion: 1\n")
        #expect(document.canvas == Canvas(width: 512, height: 512, background: .color(1, 1, 1, 1), fps: 60))
        #expect(document.targets.isEmpty && document.transactions.isEmpty && document.inputs.isEmpty)
        let empty = try decodeClean("motion: 1\ncanvas:\n")
        #expect(empty.canvas == Canvas())
    }

    @Test func canvasValues() throws {
        let document = try decodeClean("motion: 1\ncanvas: { size: [360, 640], background: \"#F5F5F5\", fps: 30 }\n")
        #expect(document.canvas == Canvas(width: 360, height: 640, background: .color(245.0 / 255, 245.0 / 255, 245.0 / 255, 1), fps: 30))
    }

    @Test func colourForms() throws {
        let document = try decodeClean(
            """
            motion: 1
            targets:
              a: { layer: { backgroundColor: "#0F8", borderColor: "#FF000080" } }
              b: { layer: { backgroundColor: "#336699", borderColor: [0, 0.5, 1, 0.25] } }
            """)
        #expect(document.targets[0].layer[.backgroundColor] == .color(0, 1, 136.0 / 255, 1))
        #expect(document.targets[0].layer[.borderColor] == .color(1, 0, 0, 128.0 / 255))
        #expect(document.targets[1].layer[.backgroundColor] == MotionValue.color(51.0 / 255, 102.0 / 255, 153.0 / 255, 1))
        #expect(document.targets[1].layer[.borderColor] == .color(0, 0.5, 1, 0.25))
    }

    @Test func layerValuesAndShape() throws {
        let document = try decodeClean(
            """
            motion: 1
            targets:
              a:
                layer: { position: [1, 2], size: [3, 4], anchorPoint: [0, 1], scale: 2, rotation: 45, opacity: 0.5,
                         cornerRadius: 6, borderWidth: 1, zPosition: -1, shape: ellipse }
              b: {}
            """)
        let a = document.targets[0]
        let expected: [LayerProperty: MotionValue] = [
            .position: .point(1, 2), .size: .size(3, 4), .anchorPoint: .point(0, 1), .scale: .point(2, 2), .rotation: .scalar(45),
            .opacity: .scalar(0.5), .cornerRadius: .scalar(6), .borderWidth: .scalar(1), .zPosition: .scalar(-1),
        ]
        #expect(a.layer == expected)
        #expect(a.shape == .ellipse)
        let b = document.targets[1]
        #expect(b.shape == .rect && b.type == "Layer" && b.classes.isEmpty)
        #expect(b.initialValue(.anchorPoint) == .point(0.5, 0.5))
        #expect(b.initialValue(.backgroundColor) == .color(0, 0, 0, 0))
        #expect(b.initialValue(.borderColor) == .color(0, 0, 0, 1))
    }

    @Test func targetTreeIsFlattenedInPreOrderWithParentsAndDepths() throws {
        let document = try decodeClean(
            """
            motion: 1
            targets:
              grid:
                type: Grid
                class: wide
                children:
                  row:
                    children:
                      photo1: { type: Photo, class: [big, round] }
                  photo2: { type: Photo }
              other: {}
            """)
        #expect(document.targets.map(\.id.value) == ["grid", "row", "photo1", "photo2", "other"])
        #expect(document.targets.map(\.parent) == [nil, 0, 1, 0, nil])
        #expect(document.targets.map(\.depth) == [0, 1, 2, 1, 0])
        #expect(document.targets.map(\.type) == ["Grid", "Layer", "Photo", "Photo", "Layer"])
        #expect(document.targets.map(\.classes) == [["wide"], [], ["big", "round"], [], []])
        #expect(document.target(withID: "photo2") == 3)
        #expect(document.targetIndex == ["grid": 0, "row": 1, "photo1": 2, "photo2": 3, "other": 4])
    }

    @Test func targetIndexFollowsTargetsChangedAfterDecoding() throws {
        var document = try decodeClean("motion: 1\ntargets:\n  a: {}\n  b: {}\n  c: {}\n")
        #expect(document.targetIndex == ["a": 0, "b": 1, "c": 2])
        document.targets.removeFirst()
        #expect(document.targetIndex == ["b": 0, "c": 1])
        document.targets[0].id.value = "c"
        #expect(document.targetIndex == ["c": 0])
    }

    @Test func targetIDRangesPointAtTheKeys() throws {
        let source = MarkedSource("motion: 1\ntargets:\n  1️⃣card:\n    children:\n      2️⃣photo: {}\n")
        let document = try #require(source.load().document)
        #expect(document.targets.map(\.id.range.start) == [source["1️⃣"], source["2️⃣"]])
    }

    @Test func anchorsAliasesAndMergeKeys() throws {
        let document = try decodeClean(
            """
            motion: 1
            targets:
              a: { layer: &base { size: [10, 20], opacity: 0.5 } }
              b: { layer: { <<: *base, opacity: 1 } }
            transactions:
              - at: 0
                ops:
                  - &fade { add: tween, target: "#a", property: opacity, to: 0, duration: 2 }
                  - { <<: *fade, target: "#b" }
                  - *fade
            """)
        #expect(document.targets[0].layer == [.size: .size(10, 20), .opacity: .scalar(0.5)])
        #expect(document.targets[1].layer == [.size: .size(10, 20), .opacity: .scalar(1)])
        let operations = document.transactions[0].operations
        #expect(operations.map(\.target.value) == ["#a", "#b", "#a"])
        let tween = Tween(property: PropertyPath(.opacity), values: [.scalar(0)], duration: 2)
        #expect(operations.map(\.intention) == [.tween(tween), .tween(tween), .tween(tween)])
    }

    @Test func yaml11BooleansAndNumbersInStringsAreNotSpecial() throws {
        // `y`/`on` are plain words; a quoted number is still the number (docs/format.md §1: meaning by place).
        let document = try decodeClean("motion: \"1\"\nname: on\ntargets:\n  y: { layer: { opacity: \"0.5\" } }\n")
        #expect(document.name == "on")
        #expect(document.targets.map(\.id.value) == ["y"])
        #expect(document.targets[0].layer[.opacity] == .scalar(0.5))
    }

    static let stems: [(String, String)] = [
        ("Plans/card.motion.yaml", "card"),
        ("card.yaml", "card"),
        ("a/b/fade-in.yml", "fade-in"),
        ("dir.v2/x.motion.yml", "x"),
        ("noext", "noext"),
    ]

    @Test(arguments: stems) func defaultNameIsTheFileStem(_ file: String, _ name: String) throws {
        let document = try decodeClean("motion: 1\n", file: file)
        #expect(document.name == name)
        #expect(document.file == file)
        #expect(DocumentLoader.stem(of: file) == name)
    }

    @Test func nameOverridesTheStem() throws {
        #expect(try decodeClean("motion: 1\nname: card-expand\n", file: "Plans/x.yaml").name == "card-expand")
    }

    @Test func transactions() throws {
        let source = MarkedSource(
            """
            motion: 1
            transactions:
              - ops: []
              - at: 1️⃣"1500ms"
                label: later
            """)
        let document = try #require(source.load().document)
        #expect(source.load().diagnostics.isEmpty)
        #expect(document.transactions.map(\.at.value) == [0, 1.5])
        #expect(document.transactions.map(\.label) == [nil, "later"])
        #expect(document.transactions[1].at.range.start == source["1️⃣"])
        #expect(document.transactions.map(\.operations.count) == [0, 0])
    }

    @Test func inputsOfEachKind() throws {
        let source = MarkedSource(
            """
            motion: 1
            inputs:
              - { id: swipe, kind: 1️⃣pan, target: "#a", at: 0.5, duration: 400ms, translation: [[0, 0], [120, -4]] }
              - { id: zoom, kind: pinch, target: "#a", duration: 1, scale: [1, 2.5] }
              - { id: turn, kind: rotate, target: ".r", duration: 2, angle: [0, -90, 45] }
            """)
        let result = source.load()
        #expect(result.diagnostics.isEmpty)
        let inputs = try #require(result.document?.inputs)
        #expect(inputs.map(\.id.value) == ["swipe", "zoom", "turn"])
        #expect(inputs.map(\.kind) == [.pan, .pinch, .rotate])
        #expect(inputs.map(\.target.value) == ["#a", "#a", ".r"])
        #expect(inputs.map(\.at) == [0.5, 0, 0])
        #expect(inputs.map(\.duration) == [0.4, 1, 2])
        #expect(inputs.map(\.end) == [0.9, 1, 2])
        #expect(inputs[0].samples == [.point(0, 0), .point(120, -4)])
        #expect(inputs[1].samples == [.scalar(1), .scalar(2.5)])
        #expect(inputs[2].samples == [.scalar(0), .scalar(-90), .scalar(45)])
        #expect(inputs[0].kindRange.start == source["1️⃣"])
    }

    @Test func onePlanFailingToDecodeLeavesTheOthers() throws {
        let result = MarkedSource(
            ops([
                "add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 2",
                "add: tween\ntarget: \"#b\"\nproperty: opacity\nto: 1",
            ])
        ).load()
        #expect(codes(result.diagnostics) == [.D005])
        #expect(result.document?.transactions.first?.operations.map(\.target.value) == ["#b"])
    }

    @Test func manyMistakesGiveOneDiagnosticEach() {
        let source = MarkedSource(
            """
            motion: 1
            canvas: { 1️⃣fsp: 30, size: 2️⃣[0, 0] }
            targets:
              a: { layer: { 3️⃣opacty: 1 } }
            transactions:
              - ops:
                  - add: 4️⃣tweeen
                    target: "#a"
            """)
        let diagnostics = source.load().diagnostics
        #expect(codes(diagnostics) == [.D002, .D005, .D009, .D008])
        let expected: [SourcePosition] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { source[$0] }
        #expect(diagnostics.map(\.range.start) == expected)
    }

    @Test func yamlErrorsStopDecoding() {
        let result = MarkedSource("motion: 1\ntargets: [\n").load()
        #expect(result.document == nil)
        #expect(codes(result.diagnostics) == [.Y001])
    }
}
