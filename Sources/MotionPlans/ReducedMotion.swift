import MotionCore
import MotionDiagnostics
import MotionRuntime
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
    /// `forever` tween, friction, gestures) and `keep` ops stay as written.
    ///
    /// - Complexity: O(ops).
    public func reducedMotionVariant() -> MotionDocument {
        var result = self
        for t in transactions.indices {
            var operations: [OperationSpec] = []
            operations.reserveCapacity(transactions[t].operations.count)
            // Targets whose opacity an op of this transaction animates: that fade stands for the dip.
            var fading = Set<String>()
            for operation in transactions[t].operations {
                if case .add(let intention, _) = operation.action, Self.animatedProperty(of: intention) == .opacity {
                    fading.insert(operation.target.value)
                }
            }
            for operation in transactions[t].operations {
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
                let start = Self.delay(of: intention)
                var cut = final
                cut.delay = start + motionTime / 2
                jump.action = .add(.tween(cut), name: name)
                if fading.contains(operation.target.value) {
                    // The transaction fades the target itself: its fade plays as written, the
                    // motion cuts at the midpoint under it.
                    operations.append(jump)
                    continue
                }
                // crossfade: opacity down to 0 and back over the op's time, the motion's
                // properties cut to their final values at the midpoint.
                var dip = Tween(property: PropertyPath(.opacity), values: [.scalar(1), .scalar(0), .scalar(1)])
                dip.scalesPresented = true
                dip.duration = motionTime
                dip.delay = start
                var fade = operation
                fade.action = .add(.tween(dip), name: nil)
                operations += [fade, jump]
            }
            result.transactions[t].operations = operations
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
