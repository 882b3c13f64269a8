import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import Testing

/// The intention an op with `body` decodes to, failing on any diagnostic.
func intention(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PlannedIntention {
    let document = try decodeClean(op(body), sourceLocation: sourceLocation)
    let operation = try #require(document.transactions.first?.operations.first, sourceLocation: sourceLocation)
    return try #require(operation.intention, sourceLocation: sourceLocation)
}

/// Every intention type (docs/format.md §2.1), once with its defaults and once with every parameter set.
@Suite("Intention decoding")
struct IntentionDecodingTests {
    // MARK: tween

    @Test func tweenDefaults() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 0.5")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween == Tween(property: PropertyPath(.opacity), values: [.scalar(0.5)]))
        #expect(tween.duration == 0.25)
        #expect(tween.easings == [.linear])
        #expect(tween.easingIsList == false)
        #expect(tween.repeatCount == .count(1))
        #expect(tween.delay == 0)
        #expect(tween.autoreverses == false)
        #expect(tween.offsets == nil)
    }

    @Test func tweenWithEveryParameter() throws {
        let value = try intention(
            """
            add: tween
            target: "#a"
            property: position.x
            values: [0, 100, 40]
            offsets: [0, 0.25, 1]
            easing: [standard, [0.1, 0.2, 0.3, 1.5]]
            duration: 300ms
            delay: "0.1s"
            repeat: 2.5
            autoreverse: true
            """)
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.property == PropertyPath(.position, component: 0))
        #expect(tween.values == [.scalar(0), .scalar(100), .scalar(40)])
        #expect(tween.offsets == [0, 0.25, 1])
        #expect(tween.easings == [.cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), .cubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.5)])
        #expect(tween.easingIsList)
        #expect(abs(tween.duration - 0.3) < 1e-12)
        #expect(abs(tween.delay - 0.1) < 1e-12)
        #expect(tween.repeatCount == .count(2.5))
        #expect(tween.autoreverses)
    }

    @Test func fromAndToAreTwoValuesAndToAloneIsOne() throws {
        let both = try intention("add: tween\ntarget: \"#a\"\nproperty: rotation\nfrom: -90\nto: 90")
        #expect(both == .tween(Tween(property: PropertyPath(.rotation), values: [.scalar(-90), .scalar(90)])))
        let alone = try intention("add: tween\ntarget: \"#a\"\nproperty: rotation\nto: 90")
        #expect(alone == .tween(Tween(property: PropertyPath(.rotation), values: [.scalar(90)])))
        let single = try intention("add: tween\ntarget: \"#a\"\nproperty: rotation\nvalues: [90]")
        #expect(single == alone)
    }

    @Test func oneCurveAsAListOfFourNumbersIsOneCurveNotAList() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nvalues: [0, 1, 0]\neasing: [0.42, 0, 0.58, 1]")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.easings == [.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)])
        #expect(!tween.easingIsList)
    }

    @Test func aListOfOneNamedCurveIsAList() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nfrom: 0\nto: 1\neasing: [easeIn]")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.easings == [.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)])
        #expect(tween.easingIsList)
    }

    static let namedCurves: [(String, TimingCurve)] = [
        ("linear", .linear),
        ("standard", .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)),
        ("deceleration", .cubicBezier(x1: 0, y1: 0, x2: 0.2, y2: 1)),
        ("acceleration", .cubicBezier(x1: 0.4, y1: 0, x2: 1, y2: 1)),
        ("sharp", .cubicBezier(x1: 0.4, y1: 0, x2: 0.6, y2: 1)),
        ("easeIn", .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)),
        ("easeOut", .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)),
        ("easeInOut", .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
        ("default", .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)),
        ("emphasizedDecelerate", .cubicBezier(x1: 0.05, y1: 0.7, x2: 0.1, y2: 1)),
        ("emphasizedAccelerate", .cubicBezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)),
    ]

    @Test(arguments: namedCurves) func namedEasings(_ name: String, _ curve: TimingCurve) throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\neasing: \(name)")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.easings == [curve])
    }

    static let durations: [(String, Double)] = [
        ("300ms", 0.3), ("\"300ms\"", 0.3), ("0.3s", 0.3), ("\"0.3s\"", 0.3), ("2", 2), ("0", 0), ("1.5e3ms", 1.5), ("\"2\"", 2),
    ]

    @Test(arguments: durations) func durationsInSecondsOrWithAUnit(_ text: String, _ seconds: Double) throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nduration: \(text)")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(abs(tween.duration - seconds) < 1e-12)
    }

    @Test func repeatForever() throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: opacity\nto: 1\nrepeat: forever\nautoreverse: false")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.repeatCount == .forever)
        #expect(tween.repeatCount.value == .infinity)
    }

    // MARK: values by property type

    /// A value as written for a property, and what it decodes to. (A struct, not a tuple: Swift
    /// Testing on this toolchain misaligns SIMD-holding values splatted from tuple arguments.)
    struct ValueCase: Sendable, CustomTestStringConvertible {
        var property: String
        var text: String
        var value: MotionValue
        init(_ property: String, _ text: String, _ value: MotionValue) {
            self.property = property
            self.text = text
            self.value = value
        }
        var testDescription: String { "\(property): \(text)" }
    }

    static let values: [ValueCase] = [
        ValueCase("opacity", "0.5", .scalar(0.5)),
        ValueCase("position", "[10, -20]", .point(10, -20)),
        ValueCase("anchorPoint", "[0, 1]", .point(0, 1)),
        ValueCase("size", "[30, 40]", .size(30, 40)),
        ValueCase("scale", "2", .point(2, 2)),
        ValueCase("scale", "[2, 3]", .point(2, 3)),
        ValueCase("scale.y", "0.5", .scalar(0.5)),
        ValueCase("backgroundColor", "\"#F00\"", .color(1, 0, 0, 1)),
        ValueCase("backgroundColor", "\"#00FF00\"", .color(0, 1, 0, 1)),
        ValueCase("backgroundColor", "\"#0000FF80\"", .color(0, 0, 1, 128.0 / 255)),
        ValueCase("borderColor", "[0.25, 0.5, 0.75, 1]", .color(0.25, 0.5, 0.75, 1)),
        ValueCase("backgroundColor.a", "0.5", .scalar(0.5)),
        ValueCase("rotation", "-720", .scalar(-720)),
        ValueCase("zPosition", "-3", .scalar(-3)),
        ValueCase("cornerRadius", "0", .scalar(0)),
        ValueCase("borderWidth", "2", .scalar(2)),
    ]

    @Test(arguments: values) func valuesTakeTheShapeOfTheirProperty(_ c: ValueCase) throws {
        let value = try intention("add: tween\ntarget: \"#a\"\nproperty: \(c.property)\nto: \(c.text)")
        guard let tween = value.value(as: Tween.self) else { Issue.record("\(value)"); return }
        #expect(tween.values == [c.value])
        #expect(tween.property.description == c.property)
    }

    // MARK: physics

    @Test func springDefaults() throws {
        let value = try intention("add: spring\ntarget: \"#a\"\nproperty: position\ndestination: [1, 2]")
        #expect(value == .spring(Spring(property: PropertyPath(.position), destination: .point(1, 2))))
        guard let spring = value.value(as: Spring.self) else { return }
        #expect(spring.parameters == SpringParameters(stiffness: 342, damping: 30, mass: 1, threshold: nil))
        #expect(spring.initialVelocity == nil)
    }

    @Test func springWithEveryParameter() throws {
        let value = try intention(
            """
            add: spring
            target: "#a"
            property: scale
            destination: 1.5
            stiffness: 500
            damping: 0
            mass: 2
            threshold: 0.5
            initialVelocity: -3
            """)
        #expect(
            value
                == .spring(
                    Spring(
                        property: PropertyPath(.scale), destination: .point(1.5, 1.5),
                        parameters: SpringParameters(stiffness: 500, damping: 0, mass: 2, threshold: 0.5),
                        initialVelocity: .point(-3, -3))))
    }

    @Test func aPointVelocityIsPerAxis() throws {
        let value = try intention("add: spring\ntarget: \"#a\"\nproperty: position\ndestination: [0, 0]\ninitialVelocity: [500, 0]")
        guard let spring = value.value(as: Spring.self) else { Issue.record("\(value)"); return }
        #expect(spring.initialVelocity == .point(500, 0))
        let component = try intention("add: spring\ntarget: \"#a\"\nproperty: position.x\ndestination: 0\ninitialVelocity: 500")
        guard let x = component.value(as: Spring.self) else { Issue.record("\(component)"); return }
        #expect(x.initialVelocity == .scalar(500))
    }

    @Test func springVelocitiesMayLeaveTheValueRange() throws {
        // An opacity velocity of -4 per second is fine even though -4 is no opacity.
        let value = try intention("add: spring\ntarget: \"#a\"\nproperty: opacity\ndestination: 0\ninitialVelocity: -4")
        guard let spring = value.value(as: Spring.self) else { Issue.record("\(value)"); return }
        #expect(spring.initialVelocity == .scalar(-4))
    }

    @Test func anchoredSpring() throws {
        #expect(
            try intention("add: anchoredSpring\ntarget: \"#a\"\nanchor: [5, 6]") == .anchoredSpring(AnchoredSpring(anchor: .point(5, 6))))
        #expect(
            try intention("add: anchoredSpring\ntarget: \"#a\"\nanchor: [5, 6]\nstiffness: 1\ndamping: 2\nmass: 3\nthreshold: 4")
                == .anchoredSpring(
                    AnchoredSpring(anchor: .point(5, 6), parameters: SpringParameters(stiffness: 1, damping: 2, mass: 3, threshold: 4))))
    }

    @Test func friction() throws {
        #expect(
            try intention("add: friction\ntarget: \"#a\"\ncoefficient: 4")
                == .friction(Friction(property: PropertyPath(.position), coefficient: 4)))
        #expect(
            try intention("add: friction\ntarget: \"#a\"\nproperty: rotation\ncoefficient: 0.5")
                == .friction(Friction(property: PropertyPath(.rotation), coefficient: 0.5)))
    }

    // MARK: gestures and shape

    @Test func gestures() throws {
        #expect(try intention("add: draggable\ntarget: \"#a\"") == .draggable(Draggable(axis: .both, gesture: nil)))
        #expect(
            try intention("add: draggable\ntarget: \"#a\"\naxis: horizontal\ngesture: pan1")
                == .draggable(Draggable(axis: .horizontal, gesture: "pan1")))
        #expect(try intention("add: draggable\ntarget: \"#a\"\naxis: vertical") == .draggable(Draggable(axis: .vertical)))
        #expect(try intention("add: pinchable\ntarget: \"#a\"") == .pinchable(Pinchable()))
        #expect(try intention("add: pinchable\ntarget: \"#a\"\ngesture: p") == .pinchable(Pinchable(gesture: "p")))
        #expect(try intention("add: rotatable\ntarget: \"#a\"") == .rotatable(Rotatable()))
        #expect(try intention("add: rotatable\ntarget: \"#a\"\ngesture: r") == .rotatable(Rotatable(gesture: "r")))
    }

    @Test func squashAndStretch() throws {
        #expect(
            try intention("add: squashAndStretch\ntarget: \"#a\"")
                == .squashAndStretch(SquashAndStretch(factor: 0.2, property: PropertyPath(.position))))
        #expect(
            try intention("add: squashAndStretch\ntarget: \"#a\"\nfactor: 0\nproperty: anchorPoint")
                == .squashAndStretch(SquashAndStretch(factor: 0, property: PropertyPath(.anchorPoint))))
    }

    // MARK: composites

    @Test func directlyManipulable() throws {
        #expect(try intention("add: directlyManipulable\ntarget: \"#a\"") == .directlyManipulable(DirectlyManipulable()))
    }

    @Test func tossable() throws {
        #expect(try intention("add: tossable\ntarget: \"#a\"") == .tossable(Tossable(destination: nil, parameters: SpringParameters())))
        #expect(
            try intention("add: tossable\ntarget: \"#a\"\ndestination: [7, 8]\nstiffness: 100\ndamping: 10\nmass: 0.5\nthreshold: 0.1")
                == .tossable(
                    Tossable(
                        destination: .point(7, 8), parameters: SpringParameters(stiffness: 100, damping: 10, mass: 0.5, threshold: 0.1))))
    }

    @Test func transitionTweenDefaults() throws {
        let value = try intention("add: transitionTween\ntarget: \"#a\"\nproperty: opacity\nback: 0\nfore: 1")
        guard let t = value.value(as: TransitionTween.self) else { Issue.record("\(value)"); return }
        #expect(t.direction == .forward)
        #expect(t.segment == TransitionSegment(position: 0, length: 1))
        #expect(t.window == 0.25)
        #expect(t.easing == .linear)
        #expect(t.backwardEasing == nil)
        #expect(t.back == .scalar(0) && t.fore == .scalar(1))
    }

    @Test func transitionTweenWithEveryParameter() throws {
        let value = try intention(
            """
            add: transitionTween
            target: "#a"
            property: position.y
            back: 100
            fore: 0
            direction: backward
            window: 500ms
            segment: { position: 0.2, length: 0.5 }
            easing: standard
            backwardEasing: [0.1, 0, 0.2, 1]
            """)
        #expect(
            value
                == .transitionTween(
                    TransitionTween(
                        property: PropertyPath(.position, component: 1), back: .scalar(100), fore: .scalar(0), direction: .backward,
                        window: 0.5, segment: TransitionSegment(position: 0.2, length: 0.5),
                        easing: .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1), backwardEasing: .cubicBezier(x1: 0.1, y1: 0, x2: 0.2, y2: 1)))
        )
    }

    // MARK: names and removes

    @Test func namesAndRemoves() throws {
        let document = try decodeClean(
            ops([
                "add: spring\ntarget: \"#a\"\nname: drag\nproperty: opacity\ndestination: 1",
                "add: draggable\ntarget: \"#b\"\nname: \"\"",
                "remove: drag\ntarget: \"#a, #b\"",
            ]))
        let operations = try #require(document.transactions.first?.operations)
        #expect(operations.map(\.name?.value) == ["drag", "", "drag"])
        #expect(operations.map(\.target.value) == ["#a", "#b", "#a, #b"])
        guard case .remove = operations[2].action else { Issue.record("not a remove"); return }
        #expect(operations[2].intention == nil)
    }
}

@Suite("Planned intentions")
struct PlannedIntentionTypeTests {
    @Test func aPlannedIntentionsTypeDescribesItsValue() {
        let spring = Spring(property: PropertyPath(.opacity), destination: .scalar(1))
        let tween = Tween(property: PropertyPath(.opacity), values: [.scalar(0), .scalar(1)], duration: 1)
        #expect(PlannedIntention(.spring, spring).typeName == .spring)
        #expect(PlannedIntention(.tween, spring).typeName == .spring)
        #expect(PlannedIntention(.spring, tween).typeName == .tween)
        #expect(PlannedIntention(.link, Friction(coefficient: 2)).typeName == .friction)
        for type in IntentionType.allCases {
            #expect(
                OperationSpec(
                    action: .add(PlannedIntention(type, tween), name: nil), target: Located("#a", at: .fileStart), head: .fileStart
                ).addedType == .tween)
        }
        #expect(
            OperationSpec(action: .remove(name: Located("n", at: .fileStart)), target: Located("#a", at: .fileStart), head: .fileStart)
                .addedType == nil)
    }
}
