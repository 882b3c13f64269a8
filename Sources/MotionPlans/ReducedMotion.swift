import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionSelectors
import MotionYAML

/// What an op does when motion is reduced (`reducedMotion:`, docs/format.md §7.7).
///
/// This is what `prefers-reduced-motion` asks of a web page.
public enum ReducedMotion: String, Hashable, Sendable, CaseIterable {
    /// Animate as written.
    case keep
    /// Jump to the final values at the commit.
    case skip
    /// Replace position, scale and rotation motion by a cut under an opacity dip.
    case crossfade

    /// The dip of an op without a duration of its own (springs): 200 ms.
    public static let defaultCrossfadeDuration = 0.2
}

extension MotionDocument {
    /// The document as it runs when motion is reduced (`--reduced-motion`).
    ///
    /// Every op whose `reducedMotion` (or the document's) is `skip` or `crossfade` replaced by the
    /// ordinary tweens that stand for it (docs/format.md §7.7). Ops without a final value (a
    /// `forever` tween, friction, gestures) and `keep` ops stay as written. A crossfade's dips
    /// follow the transaction's other ops, so that they show over its fades; a target whose
    /// opacity another op of the transaction changes at or before the cut gets no dip, and one
    /// whose opacity changes later gets a dip that ends there.
    ///
    /// - Complexity: O(ops), plus one selector lookup per distinct selector of a transaction that
    ///   both crossfades motion and animates opacity.
    public func reducedMotionVariant() -> MotionDocument {
        var result = self
        var layers = LayerResolver(document: self)
        for t in transactions.indices {
            let written = transactions[t].operations
            var operations: [OperationSpec] = []
            operations.reserveCapacity(written.count)
            // The dips come after every op of the transaction: a later tween shows over an earlier
            // one from its commit (§2.2), so a dip written before a delayed fade would not show.
            var dips: [OperationSpec] = []
            let changes = written.compactMap { opacityChange(of: $0) }
            // Built at the first crossfade, and only when the transaction changes some opacity.
            var fades: FadeSpans?
            for operation in written {
                let mode = operation.reducedMotion ?? reducedMotion
                guard mode != .keep, case .add(let intention, let name) = operation.action,
                    let (final, motionTime) = Self.finalTween(of: intention)
                else {
                    operations.append(operation)
                    continue
                }
                var jump = operation
                if mode == .crossfade, !final.property.property.isMotion {
                    operations.append(operation)  // not motion: animates as written
                    continue
                }
                if mode == .skip {
                    jump.stagger = nil
                    jump.action = .add(.tween(final), name: name)
                    operations.append(jump)
                    continue
                }
                // crossfade: the motion's properties cut to their final values at the midpoint,
                // under an opacity dip down to 0 and back over the op's time.
                let start = Self.delay(of: intention)
                var cut = final
                cut.delay = start + motionTime / 2
                jump.action = .add(.tween(cut), name: name)
                operations.append(jump)
                if !changes.isEmpty, fades == nil { fades = FadeSpans(changes, &layers) }
                dips += dipOperations(for: operation, start: start, motionTime: motionTime, fades: fades, layers: &layers)
            }
            result.transactions[t].operations = operations + dips
        }
        return result
    }

    /// When an op changes its targets' opacity in the reduced variant; nil if it does not.
    ///
    /// Seconds from the commit, before any stagger. A `skip` op with a final value changes it at
    /// the commit (0...0); a spring moves it from its commit until it comes to rest, which is
    /// taken as never.
    func opacityChange(of operation: OperationSpec) -> OpacityChange? {
        guard case .add(let intention, _) = operation.action, Self.animatedProperty(of: intention) == .opacity else { return nil }
        var change = OpacityChange(target: operation.target.value, stagger: nil, begin: 0, end: 0)
        // Skip drops the stagger too: every target takes its final value at the commit.
        if (operation.reducedMotion ?? reducedMotion) == .skip, Self.finalTween(of: intention) != nil { return change }
        change.stagger = operation.stagger
        let tween = intention.value(as: Tween.self) ?? intention.value(as: TransitionTween.self)?.emittedTween
        guard let tween else {
            change.end = .infinity  // a spring on opacity
            return change
        }
        let timing = TweenTiming(
            commitTime: 0, delay: 0, duration: tween.duration, repeatCount: tween.repeatCount.value, autoreverses: tween.autoreverses)
        change.begin = max(tween.delay, 0)
        change.end = Seconds.sum(change.begin, timing.activeDuration)
        return change
    }

    /// The dips of a crossfade op (docs/format.md §7.7).
    ///
    /// One op like `operation` (its target and stagger) when every target it moves gets the whole
    /// dip, else one per target that gets one.
    func dipOperations(
        for operation: OperationSpec, start: Double, motionTime: Double, fades: FadeSpans?, layers: inout LayerResolver
    ) -> [OperationSpec] {
        var dip = Tween(property: PropertyPath(.opacity), values: [.scalar(1), .scalar(0), .scalar(1)])
        dip.scalesPresented = true
        dip.duration = motionTime
        dip.delay = start
        var whole = operation
        whole.action = .add(.tween(dip), name: nil)
        // Most transactions change no opacity: no selector to resolve.
        guard let fades, let moved = layers.targets(of: operation.target.value) else { return [whole] }
        var shapes: [DipShape] = []
        shapes.reserveCapacity(moved.count)
        for (i, target) in moved.enumerated() {
            let offset = operation.stagger?.offset(index: i, count: moved.count) ?? 0
            shapes.append(
                fades.dip(
                    on: target, start: Seconds.sum(start, offset), cut: Seconds.sum(start + motionTime / 2, offset),
                    end: Seconds.sum(start, offset) + motionTime))
        }
        if shapes.allSatisfy({ $0 == .none }) { return [] }
        if shapes.allSatisfy({ $0 == .whole }) { return [whole] }
        var result: [OperationSpec] = []
        for (i, target) in moved.enumerated() {
            var single = whole
            single.stagger = nil
            single.target = Located("#" + targets[target].id.value, at: operation.target.range)
            var own = dip
            own.delay = Seconds.sum(start, operation.stagger?.offset(index: i, count: moved.count) ?? 0)
            switch shapes[i] {
            case .none:
                continue
            case .whole:
                break
            case .until(let end):
                // Down to 0 at the cut as before, back up by the earlier end (after the cut).
                own.duration = end - own.delay
                own.offsets = [0, min(max(motionTime / 2 / own.duration, 0), 1), 1]
            }
            single.action = .add(.tween(own), name: nil)
            result.append(single)
        }
        return result
    }

    /// Whether any op does something else when motion is reduced.
    public var hasReducedMotionVariant: Bool {
        transactions.contains { $0.operations.contains { ($0.reducedMotion ?? reducedMotion) != .keep } }
    }

    /// The tween that puts an intention's property at its final value at once, and the op's
    /// time (a tween's active time; 200 ms for springs); nil for an intention without a final
    /// value.
    static func finalTween(of intention: PlannedIntention) -> (Tween, Double)? {
        if let tween = intention.value(as: Tween.self) {
            guard let final = finalValues(of: tween) else { return nil }
            var jump = Tween(property: tween.property, values: final.values, duration: 0)
            jump.isRelative = final.isRelative
            let timing = TweenTiming(
                commitTime: 0, delay: 0, duration: tween.duration, repeatCount: tween.repeatCount.value,
                autoreverses: tween.autoreverses)
            return (jump, timing.activeDuration)
        }
        if let transition = intention.value(as: TransitionTween.self) { return finalTween(of: .tween(transition.emittedTween)) }
        if let spring = intention.value(as: Spring.self) {
            return (Tween(property: spring.property, values: [spring.destination], duration: 0), ReducedMotion.defaultCrossfadeDuration)
        }
        if let spring = intention.value(as: AnchoredSpring.self) {
            return (Tween(property: PropertyPath(.position), values: [spring.anchor], duration: 0), ReducedMotion.defaultCrossfadeDuration)
        }
        return nil
    }

    /// The property an intention animates (a tween's, a transition tween's or a spring's), if any.
    static func animatedProperty(of intention: PlannedIntention) -> LayerProperty? {
        if let tween = intention.value(as: Tween.self) { return tween.property.property }
        if let transition = intention.value(as: TransitionTween.self) { return transition.property.property }
        return intention.value(as: Spring.self)?.property.property
    }

    /// The seconds from the commit to where the op's motion starts: a tween's delay, else 0.
    static func delay(of intention: PlannedIntention) -> Double {
        if let tween = intention.value(as: Tween.self) { return tween.delay }
        return intention.value(as: TransitionTween.self)?.emittedTween.delay ?? 0
    }

    /// The value a tween holds after its end, as one value (`to` or `by` when it ends on its
    /// last value, no change when it ends on the presented value); nil for `forever`.
    static func finalValues(of tween: Tween) -> (values: [MotionValue], isRelative: Bool)? {
        guard case .count = tween.repeatCount, !tween.values.isEmpty || tween.path != nil else { return nil }
        let timing = TweenTiming(
            commitTime: 0, delay: 0, duration: tween.duration, repeatCount: tween.repeatCount.value, autoreverses: tween.autoreverses)
        let progress = timing.duration > 0 ? timing.progress(at: timing.end) : 1
        if let path = tween.path {
            // A motion path (docs/format.md §7.3) ends where its eased progress leaves it.
            let end = path.point(atFraction: (tween.easings.first ?? .linear).value(at: progress))
            return ([.point(end.x, end.y)], false)
        }
        if tween.values.count == 1 {
            // From the presented value: the end is the value itself, or the presented one.
            let zero = MotionValue(kind: tween.values[0].kind, components: .zero)
            if progress >= 1 - 1e-12 { return ([tween.values[0]], tween.isRelative) }
            if progress <= 1e-12 { return ([zero], true) }
            // `by:` part way: the presented value plus the change as far as the eased progress
            // takes it, as the tween itself ends (docs/format.md §7.7).
            if tween.isRelative {
                let change = Keyframes(from: zero, to: tween.values[0], curve: tween.easings.first ?? .linear)
                return ([change.value(atProgress: progress)], true)
            }
            // `to:` alone part way ends between the presented value and `to`, which is not known
            // here: it is taken as `to`.
            return ([tween.values[0]], false)
        }
        let keyframes = Keyframes(values: tween.values, offsets: tween.offsets, curves: tween.easings)
        return ([keyframes.value(atProgress: progress)], false)
    }
}

/// When an op of a transaction changes its targets' opacity (docs/format.md §7.7).
///
/// Seconds from the commit, before the stagger of `stagger`.
struct OpacityChange {
    /// The op's target selector.
    var target: String
    /// The op's stagger, which delays the change on each target.
    var stagger: Stagger?
    /// Where the change begins.
    var begin: Double
    /// Where it ends: `begin` for a change at once, infinity for `forever` or a spring.
    var end: Double
}

/// What a crossfade's dip on one target becomes next to the transaction's opacity changes.
enum DipShape: Equatable {
    /// No dip: a change of the target's opacity at or before the cut plays in its place.
    case none
    /// The whole dip, over the op's time.
    case whole
    /// A dip that ends at this time (seconds from the commit), where a later change begins.
    case until(Double)
}

/// The opacity changes of one transaction per target, with each target's stagger applied.
struct FadeSpans {
    private var spans: [Int: [(begin: Double, end: Double)]] = [:]

    /// The spans of `changes`, their selectors resolved by `layers`.
    ///
    /// - Complexity: O(targets the changes match).
    init(_ changes: [OpacityChange], _ layers: inout LayerResolver) {
        for change in changes {
            guard let targets = layers.targets(of: change.target) else { continue }
            for (j, target) in targets.enumerated() {
                let shift = change.stagger?.offset(index: j, count: targets.count) ?? 0
                spans[target, default: []].append((Seconds.sum(change.begin, shift), Seconds.sum(change.end, shift)))
            }
        }
    }

    /// The dip on `target` of a crossfade whose dip runs from `start` to `end` and cuts at `cut`.
    ///
    /// A change at the commit itself shows under the dip, which scales the value it set. A change
    /// that begins at or before the cut (a fade across it or before it, a spring) stands for the
    /// dip: shown over it, the dip would undo that change and hold the opacity of the commit after
    /// its end. A change that begins after the cut ends the dip there, so that it plays as written.
    func dip(on target: Int, start: Double, cut: Double, end: Double) -> DipShape {
        var last = end
        var laterEnds: [Double] = []
        for span in spans[target] ?? [] where span.end > 0 {
            if span.begin <= cut { return .none }
            last = min(last, span.begin)
            laterEnds.append(span.end)
        }
        // The dip must end before each later change does, or its last value would hold after both.
        if laterEnds.contains(where: { $0 <= last }) { return .none }
        return last < end ? .until(last) : .whole
    }
}

/// The targets each selector matches, in document order, resolved once per selector text.
struct LayerResolver {
    private let document: MotionDocument
    private var ids: TargetIDIndex?
    private var tree: SelectorTree?
    private var resolved: [String: [Int]] = [:]

    /// A resolver over `document`'s targets; it builds nothing until asked.
    init(document: MotionDocument) {
        self.document = document
    }

    /// The indices of the targets `selector` matches; nil when it does not parse.
    ///
    /// - Complexity: O(1) on average for `#id`; else O(targets) the first time for each text.
    mutating func targets(of selector: String) -> [Int]? {
        if let id = Selector.plainID(selector) {
            if ids == nil { ids = document.targetIDIndex }
            return ids?.index(of: String(id), in: document.targets).map { [$0] } ?? []
        }
        if let known = resolved[selector] { return known }
        guard case .success(let parsed) = Selector.parse(selector) else { return nil }
        if tree == nil { tree = document.selectorTree }
        let matches = tree?.matches(parsed) ?? []
        resolved[selector] = matches
        return matches
    }
}

extension LayerProperty {
    /// Whether a change of the property moves the layer (position, scale, rotation).
    ///
    /// These are the changes a reduced-motion crossfade replaces.
    public var isMotion: Bool { self == .position || self == .scale || self == .rotation }
}

extension IntentionDecoder {
    /// `reducedMotion:` of an `add` op.
    static func reducedMotion(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> ReducedMotion? {
        reader.read("reducedMotion", &context) { ctx, node in
            ctx.choice(node, for: "reducedMotion", ReducedMotion.allCases.map(\.rawValue)).flatMap(ReducedMotion.init(rawValue:))
        }
    }
}
