import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// W001-W006 and W009: tween values, offsets, easings, cubic-bezier ranges, tweens fully hidden by
/// a later tween on the same property, and too many tweens at once on one (docs/format.md §2.2).
enum TweenRules {
    /// One tween as the precedence check sees it, registered on one component of one target.
    struct Registered {
        var commit: Double
        var end: Double
        var order: Int
        /// The op's head, packed: there is one registration per tween, target and component.
        var packedHead: PackedSourceRange
        var name: String?
        /// How many scalar components the tween drives.
        var components: Int
        /// The next registration on the same component, an index in ``TweenRegistry/entries``.
        var next = -1

        var head: SourceRange { packedHead.range }
    }

    /// One scalar component of one target: a whole-property tween registers in each of its
    /// property's components, a component tween (`position.x`) in its own, so a later `position`
    /// tween hides an earlier `position.x` one.
    struct PropertyKey: Hashable {
        /// The target's index (targets number fewer than 2^29: each takes bytes of the input).
        var packedTarget: Int32
        var property: LayerProperty
        var packedComponent: UInt8

        init(target: Int, property: LayerProperty, component: Int) {
            packedTarget = Int32(truncatingIfNeeded: target)
            self.property = property
            packedComponent = UInt8(truncatingIfNeeded: component)
        }

        var target: Int { Int(packedTarget) }
        var component: Int { Int(packedComponent) }
    }

    /// The tweens registered on each component, in registration order: one array of entries,
    /// chained per component, rather than a group per component (most components have one tween,
    /// and a document has one registration per tween).
    struct TweenRegistry {
        /// Where a component's chain starts and ends, and how long it is.
        struct Chain {
            var first: Int
            var last: Int
            var count: Int
        }

        var entries: [Registered] = []
        var chains: [PropertyKey: Chain] = [:]
        /// Keys in the order first seen, so diagnostics come out in a stable order.
        var keys: [PropertyKey] = []

        init(capacity: Int) {
            entries.reserveCapacity(capacity)
            chains.reserveCapacity(capacity)
        }

        /// Registers `entry` on `key`, after the tweens already there.
        /// - Complexity: O(1) amortized.
        mutating func register(_ entry: Registered, on key: PropertyKey) {
            let index = entries.count
            entries.append(entry)
            if let chain = chains[key] {
                entries[chain.last].next = index
                chains[key] = Chain(first: chain.first, last: index, count: chain.count + 1)
            } else {
                chains[key] = Chain(first: index, last: index, count: 1)
                keys.append(key)
            }
        }

        /// How many tweens are registered on `key`.
        func count(on key: PropertyKey) -> Int { chains[key]?.count ?? 0 }

        /// The tweens registered on `key`, in registration order.
        /// - Complexity: O(k) for k tweens on it.
        func tweens(on key: PropertyKey) -> [Registered] {
            guard let chain = chains[key] else { return [] }
            var tweens: [Registered] = []
            tweens.reserveCapacity(chain.count)
            var index = chain.first
            while index >= 0 {
                tweens.append(entries[index])
                index = entries[index].next
            }
            return tweens
        }
    }

    static func check(_ context: inout ValidationContext) {
        let document = context.document
        var registry = TweenRegistry(capacity: context.tweenCount)
        var order = 0
        document.forEachOperation { transaction, operation in
            // Only tweens and transitions are read: the other ops' intentions stay in memory.
            guard operation.mayAdd(Tween.self) || operation.mayAdd(TransitionTween.self),
                let intention = operation.pointee.intention
            else { return }
            if let tween = intention.value(as: Tween.self) {
                checkTween(tween, operation.pointee, &context)
                order += 1
                let commit = document.transactions[transaction].at.value
                let timing = TweenTiming(
                    commitTime: commit, delay: tween.delay, duration: tween.duration, repeatCount: tween.repeatCount.value,
                    autoreverses: tween.autoreverses)
                let entry = Registered(
                    commit: commit, end: timing.end, order: order, packedHead: PackedSourceRange(operation.pointee.head),
                    name: operation.pointee.name?.value, components: tween.property.componentIndices.count)
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) {
                    for component in tween.property.componentIndices {
                        registry.register(
                            entry, on: PropertyKey(target: target, property: tween.property.property, component: component))
                    }
                }
            } else if let transition = intention.value(as: TransitionTween.self) {
                checkCurve(transition.easing, key: "easing", operation.pointee, &context)
                if let backward = transition.backwardEasing { checkCurve(backward, key: "backwardEasing", operation.pointee, &context) }
            }
        }
        checkHidden(registry, &context)
        checkCrowded(registry, &context)
    }

    static func checkTween(_ tween: Tween, _ operation: OperationSpec, _ context: inout ValidationContext) {
        let document = context.document
        let n = tween.values.count
        // A motion path gives positions instead of values (checked as it was decoded).
        guard tween.path == nil else {
            for curve in tween.easings { checkCurve(curve, key: "easing", operation, &context) }
            return
        }
        if n == 0 {
            // At `values: []` when the list is there (empty), else at the `add:` key.
            context.report(
                .W001, "this tween has no values", at: document.range(of: "values", in: operation),
                help: "add `to:` (from the presented value), `from:` and `to:`, or `values: [...]`")
            return
        }
        if let offsets = tween.offsets {
            let range = document.range(of: "offsets", in: operation)
            if offsets.count != n {
                context.report(.W002, "\(offsets.count) offsets for \(n) values: give one offset per value", at: range)
            } else if let bad = offsets.firstIndex(where: { !(0...1).contains($0) }) {
                context.report(.W003, "offset \(offsets[bad]) is outside [0, 1]", at: range)
            } else if let bad = offsets.indices.dropFirst().first(where: { offsets[$0] < offsets[$0 - 1] }) {
                context.report(
                    .W003, "offsets decrease (\(offsets[bad - 1]) then \(offsets[bad])): they must be non-decreasing", at: range)
            }
        }
        if tween.easingIsList {
            let expected = max(1, n - 1)
            if tween.easings.count != expected {
                context.report(
                    .W004,
                    "\(tween.easings.count) easing\(tween.easings.count == 1 ? "" : "s") for \(n) value\(n == 1 ? "" : "s"): "
                        + "give one curve, or a list of \(expected)",
                    at: document.range(of: "easing", in: operation))
            }
        }
        for curve in tween.easings { checkCurve(curve, key: "easing", operation, &context) }
    }

    /// W005: a cubic-bezier's x1 and x2 must lie in [0, 1] so that time runs forward.
    static func checkCurve(_ curve: TimingCurve, key: String, _ operation: OperationSpec, _ context: inout ValidationContext) {
        guard case .cubicBezier(let x1, _, let x2, _) = curve, !(0...1).contains(x1) || !(0...1).contains(x2) else { return }
        context.report(
            .W005, "cubic-bezier x1 and x2 must be between 0 and 1 (found x1 \(x1), x2 \(x2)): time cannot run backwards",
            at: context.document.range(of: key, in: operation))
    }

    /// W006: a tween whose every moment is covered by one later-registered tween on the same
    /// property never shows. With transactions in time order, that later tween commits at the
    /// same time and ends no earlier. A tween is hidden when every component it drives is.
    ///
    /// A named tween covers only until a later add of its name or a `remove:` of it replaces it
    /// (the earlier tween shows again from then, §2.5).
    ///
    /// - Complexity: O(k) per component with k tweens on it, plus one pass over the ops for the
    ///   names on the targets of the named tweens that hide another.
    static func checkHidden(_ registry: TweenRegistry, _ context: inout ValidationContext) {
        let found = hiddenTweens(registry)
        guard !found.isEmpty else { return }
        // A named tween that hides another may be replaced or removed before the other ends.
        let namedTargets = Set(found.filter { $0.byName }.map(\.slot.target))
        guard !namedTargets.isEmpty else { return reportHidden(found, &context) }
        let replaced = replacementTimes(onTargets: namedTargets, &context).replaced
        reportHidden(hiddenTweens(registry, replaced: replaced), &context)
    }

    /// A tween hidden on every component it drives: its slot, its head, the head of the tween that
    /// hides it, and whether any hiding tween is named.
    typealias HiddenTween = (slot: Slot, head: SourceRange, by: SourceRange, byName: Bool)

    /// The tweens hidden by later ones (W006), each hiding tween ending where `replaced` says its
    /// name is replaced or removed.
    ///
    /// - Complexity: O(k) per component with k tweens on it.
    static func hiddenTweens(_ registry: TweenRegistry, replaced: [Slot: Double] = [:]) -> [HiddenTween] {
        /// Per tween and target: how many of its components are hidden, and by which tween.
        struct Hidden {
            var count = 0
            var by: SourceRange
        }
        var hidden: [Slot: Hidden] = [:]
        var found: [(slot: Slot, head: SourceRange, components: Int)] = []
        var hiddenByName = Set<Slot>()
        for key in registry.keys where registry.count(on: key) > 1 {
            let tweens = registry.tweens(on: key)
            /// Where a registration stops covering: its end, or where its name is replaced.
            func end(_ tween: Registered) -> Double {
                guard tween.name != nil, let time = replaced[Slot(order: tween.order, target: key.target)] else { return tween.end }
                return min(tween.end, time)
            }
            // Walk from the latest registration back, keeping the latest end per commit time.
            var latestEnd: [Double: Registered] = [:]
            for tween in tweens.reversed() {
                if let later = latestEnd[tween.commit], end(later) >= tween.end, later.name == nil || later.name != tween.name {
                    let slot = Slot(order: tween.order, target: key.target)
                    if hidden[slot] == nil {
                        found.append((slot, tween.head, tween.components))
                    }
                    hidden[slot, default: Hidden(by: later.head)].count += 1
                    if later.name != nil { hiddenByName.insert(slot) }
                }
                if let current = latestEnd[tween.commit], end(current) >= end(tween) { continue }
                latestEnd[tween.commit] = tween
            }
        }
        return found.compactMap { slot, head, components in
            guard let entry = hidden[slot], entry.count == components else { return nil }
            return (slot, head, entry.by, hiddenByName.contains(slot))
        }
    }

    /// Reports W006 once per tween, in registration order.
    static func reportHidden(_ found: [HiddenTween], _ context: inout ValidationContext) {
        var reported = Set<Int>()
        for (slot, head, by, _) in found.sorted(by: { $0.slot.order < $1.slot.order }) {
            guard reported.insert(slot.order).inserted else { continue }
            context.report(
                .W006, "this tween on \(context.name(ofTarget: slot.target)) is fully hidden by a later tween on the same property",
                at: head, notes: [DiagnosticNote("the later tween that hides it", at: by)],
                help: "remove it, or start the later tween after it ends")
        }
    }

    /// The most tweens that may run at once on one property of one target (W009).
    static let maximumTweensAtOnce = 1_000

    /// W009: more than ``maximumTweensAtOnce`` tweens run at once on one component of a target.
    ///
    /// Each runs from its commit to its end, or until a later add of its name or a `remove:` of it
    /// replaces it, or a later spring, anchored spring, friction or link on the component, or a
    /// gesture whose input begins driving it, takes it over (docs/format.md §2.6, §7.4). Reported once per target
    /// and property, at the tween that goes past the limit.
    ///
    /// - Complexity: O(1) per component with at most the limit of tweens; O(k log k) for one with
    ///   k more, plus one pass over the ops for the names on the targets that have one.
    static func checkCrowded(_ registry: TweenRegistry, _ context: inout ValidationContext) {
        let crowdedKeys = registry.keys.filter { registry.count(on: $0) > maximumTweensAtOnce }
        guard !crowdedKeys.isEmpty else { return }
        let (replaced, takenOver) = replacementTimes(onTargets: Set(crowdedKeys.map(\.target)), &context)
        struct Crowded: Hashable {
            var target: Int
            var property: LayerProperty
        }
        var reported = Set<Crowded>()
        for key in crowdedKeys {
            let crowded = Crowded(target: key.target, property: key.property)
            guard !reported.contains(crowded) else { continue }
            // Registration order is commit order (transactions are in time order, D007), so the
            // tweens running when the j-th commits are the first j + 1 less those that ended before.
            let tweens = registry.tweens(on: key)
            let takeovers = takenOver[key] ?? []
            let ends = tweens.map { tween in
                // A replaced or taken-over tween is gone at the commit that ends it: just before
                // it, here. A takeover ends the tweens numbered up to its `afterOrder`; the list is in
                // time order, so the first that ends this one is the earliest.
                var end = replaced[Slot(order: tween.order, target: key.target)].map { min(tween.end, $0.nextDown) } ?? tween.end
                if let takeover = takeovers.first(where: { $0.afterOrder >= tween.order }) { end = min(end, takeover.time.nextDown) }
                return end
            }.sorted()
            var ended = 0
            for (j, tween) in tweens.enumerated() {
                while ended < ends.count, ends[ended] < tween.commit { ended += 1 }
                guard j + 1 - ended > maximumTweensAtOnce else { continue }
                reported.insert(crowded)
                context.report(
                    .W009,
                    "more than \(maximumTweensAtOnce) tweens run at once on \(PropertyPath.componentName(key.property, key.component)) of "
                        + "\(context.name(ofTarget: key.target)) from this tween on: at most \(maximumTweensAtOnce) may",
                    at: tween.head,
                    help: "put the values in one tween's `values:`, or commit each tween in the transaction where it starts")
                break
            }
        }
    }

    /// A registered tween on one target: its registration order and the target.
    struct Slot: Hashable {
        var order: Int
        var target: Int
    }

    /// When named tweens on `targets` are replaced, and when their components are taken over.
    ///
    /// A later add of a tween's name on the target (of any intention type) or a `remove:` of it
    /// replaces it (docs/format.md §1.4); physics or a gesture starting on a component ends every
    /// tween committed before it (§2.6).
    ///
    /// A takeover is listed per component, in time order, with the number of tweens registered
    /// before it (`afterOrder`: it ends the tweens numbered up to that) and its time: physics
    /// starts at its commit, a gesture when an input it takes begins (``GestureAdds/takeovers(_:)``).
    ///
    /// - Complexity: O(ops) selector lookups, plus O(inputs) per gesture add on `targets`.
    static func replacementTimes(onTargets targets: Set<Int>, _ context: inout ValidationContext) -> (
        replaced: [Slot: Double], takenOver: [PropertyKey: [(afterOrder: Int, time: Double)]]
    ) {
        let document = context.document
        var running: [Named: Int] = [:]
        var replaced: [Slot: Double] = [:]
        var takenOver: [PropertyKey: [(afterOrder: Int, time: Double)]] = [:]
        var gestures = GestureAdds()
        var order = 0
        document.forEachOperation { transaction, operation in
            let addsTween = operation.mayAdd(Tween.self) && operation.pointee.intention?.value(as: Tween.self) != nil
            let commit = document.transactions[transaction].at.value
            gestures.reachTransaction(transaction, at: commit, order: order)
            // Numbered as ``check(_:)`` numbers the tweens it registers.
            if addsTween { order += 1 }
            if let path = operation.pointee.intention.flatMap(Self.takeoverPath) {
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) where targets.contains(target) {
                    for component in path.componentIndices {
                        let key = PropertyKey(target: target, property: path.property, component: component)
                        takenOver[key, default: []].append((order, commit))
                    }
                }
            }
            let name = operation.pointee.name?.value
            if let name {
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) where targets.contains(target) {
                    let named = Named(target: target, name: name)
                    // A gesture plan of the name ends here (remove, then add): it takes no input that begins later.
                    gestures.end(named, at: commit)
                    if let earlier = running.removeValue(forKey: named) { replaced[Slot(order: earlier, target: target)] = commit }
                    if addsTween { running[named] = order }
                }
            }
            if let drives = operation.pointee.intention.map(Self.gestureDrives), !drives.isEmpty {
                for target in context.targets(of: operation.pointee.target.value) ?? .many([]) where targets.contains(target) {
                    gestures.add(drives, on: target, name: name, at: commit, afterOrder: order)
                }
            }
        }
        for (key, takeover) in gestures.takeovers(&context) { takenOver[key, default: []].append(takeover) }
        for key in takenOver.keys { takenOver[key]?.sort { ($0.time, $0.afterOrder) < ($1.time, $1.afterOrder) } }
        return (replaced, takenOver)
    }

    /// A name held on one target.
    struct Named: Hashable {
        var target: Int
        var name: String
    }

    /// What a gesture intention drives: each input kind it takes, and the path that kind moves.
    ///
    /// Empty for other intentions.
    /// draggable moves `position` (one component along one axis), pinchable `scale`, rotatable
    /// `rotation`; directlyManipulable all three, tossable's drag `position` (docs/format.md §2.4).
    static func gestureDrives(_ intention: PlannedIntention) -> [GestureDrive] {
        let (position, scale, rotation) = (PropertyPath(.position), PropertyPath(.scale), PropertyPath(.rotation))
        if let drag = intention.value(as: Draggable.self) {
            let path =
                switch drag.axis {
                case .both: position
                case .horizontal: PropertyPath(.position, component: 0)
                case .vertical: PropertyPath(.position, component: 1)
                }
            return [GestureDrive(kind: .pan, path: path, gesture: drag.gesture)]
        }
        if let pinch = intention.value(as: Pinchable.self) { return [GestureDrive(kind: .pinch, path: scale, gesture: pinch.gesture)] }
        if let rotate = intention.value(as: Rotatable.self) {
            return [GestureDrive(kind: .rotate, path: rotation, gesture: rotate.gesture)]
        }
        if intention.value(as: DirectlyManipulable.self) != nil {
            return [
                GestureDrive(kind: .pan, path: position), GestureDrive(kind: .pinch, path: scale),
                GestureDrive(kind: .rotate, path: rotation),
            ]
        }
        if intention.value(as: Tossable.self) != nil { return [GestureDrive(kind: .pan, path: position)] }
        return []
    }

    /// One input kind a gesture intention takes, the path it drives, and the input it names.
    struct GestureDrive {
        var kind: InputKind
        var path: PropertyPath
        /// The input named by `gesture:`; nil for every input of the kind on the target.
        var gesture: String?
    }

    /// The gesture intentions added to some targets, and when each stops taking inputs (W009).
    struct GestureAdds {
        /// One gesture intention on one target.
        struct Added {
            var drives: [GestureDrive]
            var target: Int
            var commit: Double
            /// Tweens registered before its add.
            var afterOrder: Int
            /// When its name is added again or removed; inputs beginning later are not taken.
            var until = Double.infinity
        }

        /// Every gesture intention added, in op order.
        var added: [Added] = []
        /// The named ones still held, as indices into ``added``.
        var held: [Named: [Int]] = [:]
        /// Each transaction's time and the tweens registered before it, in time order.
        var transactions: [(time: Double, order: Int)] = []
        /// The transaction whose ops are being read.
        var lastTransaction = -1

        /// Notes where transaction `index` starts, the first time one of its ops is read.
        mutating func reachTransaction(_ index: Int, at time: Double, order: Int) {
            guard index != lastTransaction else { return }
            lastTransaction = index
            transactions.append((time, order))
        }

        /// Adds a gesture intention driving `drives` on `target`, committed after `afterOrder` tweens.
        mutating func add(_ drives: [GestureDrive], on target: Int, name: String?, at commit: Double, afterOrder: Int) {
            if let name { held[Named(target: target, name: name), default: []].append(added.count) }
            added.append(Added(drives: drives, target: target, commit: commit, afterOrder: afterOrder))
        }

        /// The plan `named` ends at `time`, before the op there adds the name again.
        mutating func end(_ named: Named, at time: Double) {
            for index in held.removeValue(forKey: named) ?? [] { added[index].until = time }
        }

        /// How many tweens are registered before `time`: those of the transactions before it.
        ///
        /// `Int.max` (all of them) when no transaction is as late.
        /// - Complexity: O(log transactions).
        func order(before time: Double) -> Int {
            var (low, high) = (0, transactions.count)
            while low < high {
                let middle = (low + high) / 2
                if transactions[middle].time < time { low = middle + 1 } else { high = middle }
            }
            return low < transactions.count ? transactions[low].order : Int.max
        }

        /// Where each gesture takes its components over, as the gesture executor begins its inputs.
        ///
        /// An input already under way at the add (not ended before it; docs/format.md §2.6) is
        /// taken at the add, in op order; a later one when it begins, if the plan still holds then.
        /// At one instant an input begins before the transactions of that time, so tweens committed
        /// then stay.
        /// - Complexity: O(inputs) per gesture add.
        func takeovers(_ context: inout ValidationContext) -> [(PropertyKey, (afterOrder: Int, time: Double))] {
            let inputs = context.document.inputs
            var found: [(PropertyKey, (afterOrder: Int, time: Double))] = []
            for gesture in added {
                for drive in gesture.drives {
                    for input in inputs where input.kind == drive.kind && input.end >= gesture.commit {
                        if let id = drive.gesture {
                            guard input.id.value == id else { continue }
                        } else {
                            guard context.targets(of: input.target.value)?.contains(gesture.target) ?? false else { continue }
                        }
                        let takeover: (afterOrder: Int, time: Double)
                        if input.at <= gesture.commit {
                            takeover = (gesture.afterOrder, gesture.commit)
                        } else if input.at <= gesture.until {
                            takeover = (order(before: input.at), input.at)
                        } else {
                            continue
                        }
                        for component in drive.path.componentIndices {
                            found.append(
                                (PropertyKey(target: gesture.target, property: drive.path.property, component: component), takeover))
                        }
                    }
                }
            }
            return found
        }
    }

    /// The path physics or a link takes over at its commit (it ends the tweens committed before
    /// it there, docs/format.md §2.6 and §7.4); nil for other intentions (a gesture takes over
    /// when its input begins).
    static func takeoverPath(_ intention: PlannedIntention) -> PropertyPath? {
        physicsPath(intention) ?? intention.value(as: Link.self)?.property
    }

    /// The path physics starts on at its commit: a spring's or friction's property, an anchored
    /// spring's position; nil for other intentions (a gesture starts when its input begins).
    static func physicsPath(_ intention: PlannedIntention) -> PropertyPath? {
        if let spring = intention.value(as: Spring.self) { return spring.property }
        if let friction = intention.value(as: Friction.self) { return friction.property }
        if intention.value(as: AnchoredSpring.self) != nil { return PropertyPath(.position) }
        return nil
    }
}
