import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// W010: a tween's `by:` change takes its property out of the property's range (docs/format.md §7.2).
///
/// A change runs from the value the layer presents at the tween's commit. The rule follows that
/// value where the document fixes it: the layer's initial value (`layer:`, or the property's
/// default), then what tweens show as the presentation rule picks them (§2.2: the latest tween
/// covering a moment, else the final value of the one that ended last) and what a `remove:` or a
/// same-name add keeps (§2.5). Where it cannot know the value it says nothing: a tween part way
/// through at the commit, a start that was itself unknown, or physics, a link or a staggered
/// transition tween having driven the component (from then on), and once a component holds more
/// than `Component.maxTweens` tweens that may still show (from then on), which keeps each op's
/// work bounded.
enum ChangeRules {
    /// One tween on one component, as the presentation keeps it.
    struct Shown {
        /// The op that added it, counted in document order.
        var op: Int
        var commit: Double
        /// When its first pass begins: its commit plus its delay.
        var start: Double
        var end: Double
        /// The value it shows until it starts (its first keyframe); nil when not known.
        var first: Double? = nil
        /// The value of its last moment, which holds after its end; nil when not known.
        var final: Double? = nil
        /// Its op's head, for the note that says where a start value came from.
        var packedHead: PackedSourceRange
    }

    /// A value the presentation shows, and the tween that shows it (nil for the model value).
    typealias Presented = (value: Double, from: SourceRange?)

    /// What the presentation holds on one scalar component of one target.
    struct Component {
        /// The model value, which shows where no tween does; nil when not known.
        var model: Double?
        /// Where a model value kept at a `remove:` came from (nil: the layer's initial value).
        var modelFrom: SourceRange?
        /// Tweens in the order added, less those that can never show again.
        var tweens: [Shown] = []
        /// No later than the end of every tween in `tweens` but at most one.
        ///
        /// Before then, at most one tween has ended, and pruning has nothing to drop.
        var nextEnd = Double.infinity
        /// Whether something other than tweens has driven the component, or more tweens were
        /// held than the rule follows: nothing is known after.
        var lost = false

        /// The most tweens that may still show a component holds before the rule stops following it.
        ///
        /// Each op's work on the component grows with them; tweens that end are dropped as they
        /// can no longer show, so only a document keeping over a thousand running, repeating for
        /// ever or not yet started at once reaches it.
        static let maxTweens = 1_000

        /// The value presented at `t`, which is no earlier than any commit seen; nil when not known.
        ///
        /// The latest tween covering `t` (from its commit to its end) gives it: its first value up
        /// to its start, its final value at its end, and part way a value the rule does not follow.
        /// Else the final value of the tween that ended last (the latest added of those ending
        /// together), else the model value.
        /// - Complexity: O(k) for k tweens kept.
        func presented(at t: Double) -> Presented? {
            guard !lost else { return nil }
            var endedLast: Int?
            for i in tweens.indices.reversed() {
                let tween = tweens[i]
                if tween.commit <= t, t <= tween.end {
                    guard let value = t == tween.end ? tween.final : t <= tween.start ? tween.first : nil else { return nil }
                    return (value, tween.packedHead.range)
                }
                if tween.end < t, endedLast.map({ tween.end > tweens[$0].end }) ?? true { endedLast = i }
            }
            if let endedLast {
                return tweens[endedLast].final.map { ($0, tweens[endedLast].packedHead.range) }
            }
            return model.map { ($0, modelFrom) }
        }

        /// Drops the tweens that can never show again after `t`.
        ///
        /// Those are the tweens ended before it, but the one that ended last. Nothing is looked at
        /// until a tween but that one may have ended (`nextEnd`).
        ///
        /// - Complexity: O(1) when `t` is no later than `nextEnd`, else O(k) for k tweens kept.
        mutating func prune(before t: Double) {
            guard tweens.count > 1, t > nextEnd else { return }
            var endedLast: Int?
            for i in tweens.indices where tweens[i].end < t {
                if endedLast.map({ tweens[i].end >= tweens[$0].end }) ?? true { endedLast = i }
            }
            let kept = tweens.indices.filter { tweens[$0].end >= t || $0 == endedLast }
            if kept.count < tweens.count { tweens = kept.map { tweens[$0] } }
            nextEnd = tweens.lazy.map(\.end).filter { $0 >= t }.min() ?? .infinity
        }

        /// Adds `tween`, the latest on the component.
        ///
        /// Past `maxTweens` the component is lost: nothing is known after.
        ///
        /// - Complexity: O(1), amortized.
        mutating func add(_ tween: Shown) {
            guard !lost else { return }
            guard tweens.count < Self.maxTweens else {
                lose()
                return
            }
            tweens.append(tween)
            nextEnd = min(nextEnd, tween.end)
        }

        /// Stops following the component (something else drove it, or it held too many tweens).
        ///
        /// Nothing is known after.
        mutating func lose() {
            lost = true
            tweens = []
            nextEnd = .infinity
        }

        /// Removes the tween added by op `op` at `t`, as a `remove:` of its name does.
        ///
        /// The property keeps the value it presents, and tweens that ended are dropped
        /// (docs/format.md §2.5).
        ///
        /// - Complexity: O(k) for k tweens kept.
        mutating func remove(op: Int, at t: Double) {
            guard let index = tweens.firstIndex(where: { $0.op == op }) else { return }
            let kept = presented(at: t)
            tweens.remove(at: index)
            tweens.removeAll { $0.end <= t }
            model = kept?.value
            modelFrom = kept?.from
        }
    }

    static func check(_ context: inout ValidationContext) {
        // Out of time order, the commits the presentation follows would be wrong (D007 says so).
        guard !context.diagnostics.contains(where: { $0.code == .D007 }) else { return }
        let followed = changedComponents(&context)
        guard !followed.isEmpty else { return }
        let followedOnTarget = Dictionary(grouping: followed, by: \.target)
        let followedProperties = Set(followed.map(\.property))
        let document = context.document
        var components: [TweenRules.PropertyKey: Component] = [:]
        var named: [TweenRules.Named: [(key: TweenRules.PropertyKey, op: Int)]] = [:]
        // The `by` values reported.
        var reported = Set<SourceRange>()
        var op = 0
        document.forEachOperation { transaction, operation in
            op += 1
            let name = operation.pointee.name?.value
            // Most ops touch no followed property and no name: nothing to resolve.
            guard name != nil || touches(operation.pointee.intention, followedProperties) else { return }
            // A selector that does not parse is T002 already.
            guard let targets = context.targets(of: operation.pointee.target.value) else { return }
            let commit = document.transactions[transaction].at.value
            // A `remove:`, or an add of a name the target holds (remove, then add).
            if let name {
                for target in targets {
                    for (key, added) in named.removeValue(forKey: TweenRules.Named(target: target, name: name)) ?? [] {
                        components[key]?.remove(op: added, at: commit)
                    }
                }
            }
            guard let intention = operation.pointee.intention else { return }
            var tween = intention.value(as: Tween.self)
            if let transition = intention.value(as: TransitionTween.self), operation.pointee.stagger == nil {
                tween = transition.emittedTween
            }
            guard let tween, tween.path == nil else {
                // A motion path, physics, a link, or an intention the rule does not follow.
                let paths = drivenPaths(intention)
                for target in targets {
                    for key in followedOnTarget[target] ?? [] where paths?.contains(where: { $0.covers(key) }) ?? true {
                        components[key, default: initial(key, document)].lose()
                    }
                }
                return
            }
            for (i, target) in targets.enumerated() {
                var timed = tween
                if let stagger = operation.pointee.stagger {
                    timed.delay = Seconds.sum(timed.delay, stagger.offset(index: i, count: targets.count))
                }
                for c in tween.property.componentIndices {
                    let key = TweenRules.PropertyKey(target: target, property: tween.property.property, component: c)
                    guard followed.contains(key) else { continue }
                    // Taken out while it changes, so that adding to its tweens copies none.
                    var component = components.removeValue(forKey: key) ?? initial(key, document)
                    component.prune(before: commit)
                    let start = component.presented(at: commit)
                    if tween.isRelative, let start {
                        checkChange(tween, key: key, start: start, operation.pointee, reported: &reported, &context)
                    }
                    component.add(shown(timed, component: c, start: start?.value, commit: commit, operation.pointee, op: op))
                    components[key] = component
                    if let name { named[TweenRules.Named(target: target, name: name), default: []].append((key, op)) }
                }
            }
        }
    }

    /// Whether `intention` may drive one of `properties`.
    ///
    /// A tween with values on one does, and so does another intention driving one, or one whose
    /// paths are not known.
    static func touches(_ intention: PlannedIntention?, _ properties: Set<LayerProperty>) -> Bool {
        guard let intention else { return false }
        if let tween = intention.value(as: Tween.self), tween.path == nil { return properties.contains(tween.property.property) }
        return drivenPaths(intention)?.contains { properties.contains($0.property) } ?? true
    }

    /// The components a `by:` tween changes on a property with a range, on each of its targets.
    static func changedComponents(_ context: inout ValidationContext) -> Set<TweenRules.PropertyKey> {
        var followed = Set<TweenRules.PropertyKey>()
        context.document.forEachOperation { _, operation in
            guard operation.mayAdd(Tween.self), let tween = operation.pointee.intention?.value(as: Tween.self), tween.isRelative,
                tween.property.property.allowedRange != nil
            else { return }
            for target in context.targets(of: operation.pointee.target.value) ?? .many([]) {
                for c in tween.property.componentIndices {
                    followed.insert(TweenRules.PropertyKey(target: target, property: tween.property.property, component: c))
                }
            }
        }
        return followed
    }

    /// A component as the document starts it: its `layer:` value, or the property's default.
    static func initial(_ key: TweenRules.PropertyKey, _ document: MotionDocument) -> Component {
        let value = document.targets[key.target].initialLayer.value(of: key.property) ?? key.property.defaultValue
        return Component(model: value[key.component])
    }

    /// The paths an intention other than a tween with values drives; nil when not known.
    ///
    /// For nil, every followed component of the intention's targets is lost.
    static func drivenPaths(_ intention: PlannedIntention) -> [PropertyPath]? {
        // A motion path moves position, and with orient turns the layer (docs/format.md §7.3).
        if intention.value(as: Tween.self)?.path != nil { return [PropertyPath(.position), PropertyPath(.rotation)] }
        if let path = TweenRules.physicsPath(intention) { return [path] }
        if let link = intention.value(as: Link.self) { return [link.property] }
        if let transition = intention.value(as: TransitionTween.self) { return [transition.property] }
        switch intention.typeName {
        case .draggable, .tossable: return [PropertyPath(.position)]
        case .pinchable, .squashAndStretch: return [PropertyPath(.scale)]
        case .rotatable: return [PropertyPath(.rotation)]
        case .directlyManipulable: return [PropertyPath(.position), PropertyPath(.scale), PropertyPath(.rotation)]
        default: return nil
        }
    }

    /// Component `c` of `tween` committed at `commit`, from `start` (the value presented then).
    ///
    /// Its keyframes are resolved as the tween executor resolves them: factors of the start
    /// (`scalesPresented`), one value from the start (`to` alone) or the start plus a change
    /// (`by`); its end and final value follow the tween's timing (docs/format.md §2.2).
    static func shown(
        _ tween: Tween, component c: Int, start: Double?, commit: Double, _ operation: OperationSpec, op: Int
    ) -> Shown {
        let k = tween.property.component == nil ? c : 0
        var keyframes: [Double?] = tween.values.map { value in tween.scalesPresented ? start.map { $0 * value[0] } : value[k] }
        var offsets = tween.offsets
        let head = PackedSourceRange(operation.head)
        guard !keyframes.isEmpty else { return Shown(op: op, commit: commit, start: commit, end: .infinity, packedHead: head) }
        if keyframes.count == 1 {
            let last = tween.isRelative ? start.flatMap { s in keyframes[0].map { s + $0 } } : keyframes[0]
            keyframes = [start, last]
            offsets = nil
        }
        let begin = Seconds.sum(commit, tween.delay > 0 ? tween.delay : 0)
        let timing = TweenTiming(
            commitTime: commit, delay: begin - commit, duration: tween.duration > 0 ? tween.duration : 0,
            repeatCount: tween.repeatCount.value, autoreverses: tween.autoreverses)
        let end = timing.end
        var final: Double?
        if end.isFinite {
            let progress = timing.progress(at: end)
            let known = keyframes.compactMap { $0 }
            if known.count == keyframes.count {
                let curve = Keyframes(values: known.map { .scalar($0) }, offsets: offsets, curves: tween.easings)
                final = curve.value(atProgress: progress)[0]
            } else if progress == 1 {
                final = keyframes.last ?? nil
            } else if progress == 0 {
                final = keyframes.first ?? nil
            }
        }
        return Shown(
            op: op, commit: commit, start: timing.start, end: end, first: keyframes.first ?? nil, final: final, packedHead: head)
    }

    /// Reports W010 when a `by:` tween's component `key`, from `start`, ends outside its range.
    ///
    /// Once per `by` value, kept in `reported`: one change serves every target, and ops that share
    /// one by a YAML alias get one caret on it.
    ///
    /// - Complexity: O(1) amortized, plus a look through the op's keys for its `by`.
    static func checkChange(
        _ tween: Tween, key: TweenRules.PropertyKey, start: Presented, _ operation: OperationSpec,
        reported: inout Set<SourceRange>, _ context: inout ValidationContext
    ) {
        guard let range = key.property.allowedRange, let value = tween.values.first else { return }
        let change = value[tween.property.component == nil ? key.component : 0]
        let end = start.value + change
        // Sums of decimals round: 0.7 + 0.3 must not read as past 1.
        let slack = 1e-9 * max(1, abs(end))
        guard end < range.lowerBound - slack || end > range.upperBound + slack else { return }
        let by = context.document.range(of: "by", in: operation)
        guard reported.insert(by).inserted else { return }
        let name = PropertyPath.componentName(key.property, key.component)
        let rule =
            range.upperBound.isFinite ? "must be between \(text(range.lowerBound)) and \(text(range.upperBound))" : "must not be negative"
        let least = text(range.lowerBound - start.value)
        let allowed =
            range.upperBound.isFinite ? "by \(least) to \(text(range.upperBound - start.value))" : "by \(least) or more"
        context.report(
            .W010,
            "`by` takes \(name) of \(context.name(ofTarget: key.target)) from \(text(start.value))"
                + "\(start.from == nil ? " (its initial value)" : "") to \(text(end)): \(name) \(rule)",
            at: by, notes: start.from.map { [DiagnosticNote("the value \(text(start.value)) comes from this tween", at: $0)] } ?? [],
            help: "from \(text(start.value)), \(name) can change \(allowed); or give `to:` the value to end at")
    }

    /// A number as a message quotes it, rounded to 1e-9: `1.3`, not `1.3000000000000003`.
    static func text(_ value: Double) -> String {
        PhysicsRules.number(abs(value) < 1e9 ? (value * 1e9).rounded() / 1e9 : value)
    }
}

extension PropertyPath {
    /// Whether the path drives component `key.component` of `key.property`.
    fileprivate func covers(_ key: TweenRules.PropertyKey) -> Bool {
        property == key.property && componentIndices.contains(key.component)
    }
}
