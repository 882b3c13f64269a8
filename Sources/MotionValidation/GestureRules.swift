import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime

/// G001-G003 and G005 (gesture inputs) and B001 (baking needs input for interactive intentions).
enum GestureRules {
    static func check(_ context: inout ValidationContext, forBake: Bool) {
        checkIntentions(&context, forBake: forBake)
        checkInputsReach(&context)
        checkInputJumps(&context)
    }

    /// G001, G002 and B001, per interactive operation.
    static func checkIntentions(_ context: inout ValidationContext, forBake: Bool) {
        let document = context.document
        var inputsByID: [String: InputSpec] = [:]
        for input in document.inputs where inputsByID[input.id.value] == nil { inputsByID[input.id.value] = input }
        // The kinds of input each target has, for B001: made at its first need.
        var inputKinds: [Int: Set<InputKind>]?
        document.forEachOperation { _, operation in
            guard let type = operation.pointee.addedType, type.isInteractive, let intention = operation.pointee.intention else { return }
            let targets = context.targets(of: operation.pointee.target.value) ?? .many([])
            if let gesture = gestureName(intention) {
                let range = document.range(of: "gesture", in: operation.pointee)
                guard let input = inputsByID[gesture] else {
                    context.report(
                        .G001, "\(type.rawValue) names the input \"\(gesture)\", but no input has that id", at: range,
                        help: context.didYouMean(gesture) { Array(inputsByID.keys) })
                    return
                }
                if !type.inputKinds.contains(input.kind) {
                    context.report(
                        .G002,
                        "\(type.rawValue) takes a \(type.inputKinds.map(\.rawValue).joined(separator: " or ")) input, but \"\(gesture)\" is a \(input.kind.rawValue) input",
                        at: range, notes: [DiagnosticNote("the input's kind is here", at: input.kindRange)])
                    return
                }
                let inputTargets = Set(context.targets(of: input.target.value) ?? .many([]))
                if let stray = targets.first(where: { !inputTargets.contains($0) }) {
                    context.report(
                        .G002, "the input \"\(gesture)\" targets \(input.target.value), not \(context.name(ofTarget: stray))",
                        at: range, notes: [DiagnosticNote("the input's target is here", at: input.target.range)])
                }
            } else if forBake {
                let kinds = inputKinds ?? Self.inputKinds(&context)
                inputKinds = kinds
                for target in targets where kinds[target]?.isDisjoint(with: type.inputKinds) ?? true {
                    context.report(
                        .B001,
                        "\(type.rawValue) on \(context.name(ofTarget: target)) has no input to drive it, so there is nothing to bake",
                        at: operation.pointee.head,
                        help:
                            "add a \(type.inputKinds.map(\.rawValue).joined(separator: " or ")) input for \(context.name(ofTarget: target)) under `inputs`"
                    )
                    break
                }
            }
        }
    }

    /// An interactive add, as G003 matches inputs against it.
    struct InteractiveAdd {
        var at: Double
        var type: IntentionType
        var head: SourceRange
    }

    /// Where an input kind and a target (or a gesture name) meet their earliest taker: an
    /// interactive add's index in document order, the first of those added earliest.
    struct FirstTakers {
        private var byTarget: [TargetKind: Int] = [:]
        private var byGesture: [GestureKind: Int] = [:]

        struct TargetKind: Hashable {
            var target: Int
            var kind: InputKind
        }

        struct GestureKind: Hashable {
            var gesture: String
            var kind: InputKind
        }

        /// Notes add `index` (added at `at`), which takes `kinds` on `targets`, or the input
        /// `gesture` names.
        mutating func note(
            _ index: Int, at: Double, kinds: [InputKind], gesture: String?, targets: some Sequence<Int>, in adds: [InteractiveAdd]
        ) {
            // Adds come in document order: one added no later than `at` came first.
            func earlier(_ known: Int?) -> Int { known.map { adds[$0].at <= at ? $0 : index } ?? index }
            if let gesture {
                for kind in kinds {
                    let key = GestureKind(gesture: gesture, kind: kind)
                    byGesture[key] = earlier(byGesture[key])
                }
                return
            }
            for target in targets {
                for kind in kinds {
                    let key = TargetKind(target: target, kind: kind)
                    byTarget[key] = earlier(byTarget[key])
                }
            }
        }

        /// The earliest add that takes an input of `kind` with id `id` on `targets`: the first in
        /// document order of those added earliest.
        func first(kind: InputKind, id: String, targets: some Sequence<Int>, in adds: [InteractiveAdd]) -> Int? {
            var first = byGesture[GestureKind(gesture: id, kind: kind)]
            for target in targets {
                guard let index = byTarget[TargetKind(target: target, kind: kind)] else { continue }
                if let known = first, (adds[known].at, known) <= (adds[index].at, index) { continue }
                first = index
            }
            return first
        }
    }

    /// G003: every input reaches a gesture intention that takes it: one of a kind that listens
    /// to the input's kind, naming it with `gesture` or (naming none) on one of the input's
    /// targets, added no later than the input's end (docs/format.md, gesture inputs).
    ///
    /// - Complexity: O(t) for t targets the interactive adds' and the inputs' selectors match in
    ///   all: each input asks only for the earliest taker of its kind on each of its targets.
    static func checkInputsReach(_ context: inout ValidationContext) {
        let document = context.document
        // An input a gesture names wrongly (G001, G002) is that diagnostic's business.
        guard !document.inputs.isEmpty, !context.diagnostics.contains(where: { $0.code == .G001 || $0.code == .G002 })
        else { return }
        var adds: [InteractiveAdd] = []
        var takers = FirstTakers()
        for transaction in document.transactions {
            for operation in transaction.operations {
                guard let intention = operation.intention, intention.typeName.isInteractive else { continue }
                // A selector that does not parse is T002 already; guessing what it meant would mislead.
                guard let targets = context.targets(of: operation.target.value) else { return }
                adds.append(InteractiveAdd(at: transaction.at.value, type: intention.typeName, head: operation.head))
                takers.note(
                    adds.count - 1, at: transaction.at.value, kinds: intention.typeName.inputKinds, gesture: gestureName(intention),
                    targets: targets, in: adds)
            }
        }
        for input in document.inputs {
            // A selector that does not parse or matches nothing is T002 or T003 already.
            guard let inputTargets = context.targets(of: input.target.value), !inputTargets.isEmpty else { continue }
            let id = input.id.value
            let first = takers.first(kind: input.kind, id: id, targets: inputTargets, in: adds).map { adds[$0] }
            if let first, first.at <= input.end { continue }
            let end = SecondsText.short(input.end)
            if let first {
                let added = SecondsText.short(first.at)
                context.report(
                    .G003,
                    "the \(input.kind.rawValue) input \"\(id)\" ends at \(end) s, before any gesture intention that takes it is added (the first at \(added) s): it is lost",
                    at: input.id.range,
                    notes: [DiagnosticNote("the first \(first.type.rawValue) that would take it is added here", at: first.head)],
                    help: "add the \(first.type.rawValue) at or before \(end) s, or start the input at \(added) s or later")
            } else {
                // Every pan, pinch and rotate is taken by two kinds or more (directlyManipulable takes all).
                let kinds = IntentionType.allCases.filter { $0.inputKinds.contains(input.kind) }.map(\.rawValue)
                context.report(
                    .G003,
                    "no gesture intention takes the \(input.kind.rawValue) input \"\(id)\" on \(input.target.value): it is never used",
                    at: input.id.range,
                    help:
                        "add a \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last ?? "") on \(input.target.value), or name the input with `gesture: \(id)`"
                )
            }
        }
    }

    /// When an op is committed on one target, ordered as the run commits.
    ///
    /// By time, written transactions before those a stagger moves (docs/format.md §7.1), then by
    /// transaction, op and matched target.
    struct CommitOrder: Comparable {
        var time: Double
        var staggered: Bool
        var transaction: Int
        var operation: Int
        var match: Int

        static func < (l: CommitOrder, r: CommitOrder) -> Bool {
            (l.time, l.staggered ? 1 : 0, l.transaction, l.operation, l.match)
                < (r.time, r.staggered ? 1 : 0, r.transaction, r.operation, r.match)
        }
    }

    /// The op that removes a gesture intention's name from a target (a `remove:` or a new add).
    struct Removal {
        var name: String
        var replaced: Bool
        var commit: CommitOrder
    }

    /// One input followed by one gesture intention on one target, as the gesture executor follows it.
    struct Drive {
        /// The input, as an index into the document's inputs.
        var input: Int
        /// When the target starts following it: the input's start, or the intention's commit.
        var begin: Double
        /// When the input ends.
        var inputEnd: Double
        /// The removal that takes the drive off while it runs or as its input ends, if any.
        var removal: Removal?
        /// Whether it starts at the intention's commit (the input had begun).
        ///
        /// Otherwise it starts at the input's own start, which the run schedules ahead of the
        /// commits of that time.
        var atCommit: Bool
        /// When the intention was committed.
        var commit: CommitOrder

        /// When the drive stops.
        var end: Double { removal?.commit.time ?? inputEnd }

        /// Whether the run adds this drive's animation before `other`'s: the later one shows.
        func precedes(_ other: Drive) -> Bool {
            if begin != other.begin { return begin < other.begin }
            if atCommit != other.atCommit { return !atCommit }
            if commit != other.commit { return commit < other.commit }
            return input < other.input
        }

        /// Whether the drive's animation is on the channel when `removal` is committed at `t`.
        ///
        /// A drive beginning at `t` may begin before the removal or after it.
        func isAdded(before removal: Removal, at t: Double) -> Bool {
            begin < t || !atCommit || commit < removal.commit
        }
    }

    /// A jump: where the layer stops following `stopping` and shows `shown` instead.
    struct Jump {
        var time: Double
        var target: Int
        var stopping: Drive
        var shown: Drive
    }

    /// The inputs a gesture intention takes and the components it writes.
    ///
    /// Components: 0 and 1 for `position.x` and `.y`, 2 for `scale`, 3 for `rotation`.
    static func followed(by intention: PlannedIntention) -> [(kind: InputKind, gesture: String?, components: [Int])] {
        func axes(_ axis: DragAxis) -> [Int] {
            switch axis {
            case .both: [0, 1]
            case .horizontal: [0]
            case .vertical: [1]
            }
        }
        if let drag = intention.value(as: Draggable.self) { return [(.pan, drag.gesture, axes(drag.axis))] }
        if let pinch = intention.value(as: Pinchable.self) { return [(.pinch, pinch.gesture, [2])] }
        if let rotate = intention.value(as: Rotatable.self) { return [(.rotate, rotate.gesture, [3])] }
        if intention.value(as: DirectlyManipulable.self) != nil { return [(.pan, nil, [0, 1]), (.pinch, nil, [2]), (.rotate, nil, [3])] }
        if intention.value(as: Tossable.self) != nil { return [(.pan, nil, [0, 1])] }
        return []
    }

    /// G005: a target jumps back to an earlier input when a later one stops (docs/format.md §2.7).
    ///
    /// The drives are made as the run makes them: each gesture intention, on each target it
    /// matches, follows the input its `gesture` names (whatever that input's target), or else
    /// every input of its kind aimed at the target, from the later of the input's start and its
    /// own commit, until the input ends or an op removes or replaces its name. On each component
    /// (`position.x`, `position.y`, `scale`, `rotation`) the drive added last shows while it runs.
    /// The layer jumps when the one it shows stops and it shows another input's drive that began
    /// no later: one still running, or, when a removal takes off several drives at once, the last
    /// of them the removal keeps the value of. Drives on different components (a horizontal and a
    /// vertical drag) never meet, and an input followed to the end of the earlier one leaves the
    /// layer where it ends. Reported once per input, at the one that stops (its earliest jump),
    /// with a note at the input shown after it.
    ///
    /// - Complexity: O(d log d) for d drives, plus O(a x i) to match a gesture adds with the i
    ///   inputs each may follow, and one selector lookup per distinct selector.
    static func checkInputJumps(_ context: inout ValidationContext) {
        let document = context.document
        guard document.inputs.count > 1 else { return }
        var byID: [String: [Int]] = [:]
        var byTarget: [Int: [Int]] = [:]
        for (i, input) in document.inputs.enumerated() {
            byID[input.id.value, default: []].append(i)
            for target in context.targets(of: input.target.value) ?? .many([]) { byTarget[target, default: []].append(i) }
        }
        // Every gesture intention per target, and every op that names what one of them is named.
        var added: [(target: Int, commit: CommitOrder, intention: PlannedIntention, name: String?)] = []
        var names = Set<String>()
        for (t, transaction) in document.transactions.enumerated() {
            for (o, operation) in transaction.operations.enumerated() {
                guard let intention = operation.intention, intention.typeName.isInteractive else { continue }
                let targets = context.targets(of: operation.target.value) ?? .many([])
                for (i, target) in targets.enumerated() {
                    let offset = operation.stagger?.offset(index: i, count: targets.count) ?? 0
                    added.append((target, Self.commit(transaction.at.value, offset: offset, t, o, i), intention, operation.name?.value))
                    if let name = operation.name?.value { names.insert(name) }
                }
            }
        }
        guard !added.isEmpty else { return }
        // Per name and target, the ops that name it, in document order.
        var naming: [String: [Int: [Removal]]] = [:]
        if !names.isEmpty {
            for (t, transaction) in document.transactions.enumerated() {
                for (o, operation) in transaction.operations.enumerated() {
                    guard let name = operation.name?.value, names.contains(name) else { continue }
                    let targets = context.targets(of: operation.target.value) ?? .many([])
                    for (i, target) in targets.enumerated() {
                        let offset = operation.intention == nil ? 0 : operation.stagger?.offset(index: i, count: targets.count) ?? 0
                        let commit = Self.commit(transaction.at.value, offset: offset, t, o, i)
                        naming[name, default: [:]][target, default: []].append(
                            Removal(name: name, replaced: operation.intention != nil, commit: commit))
                    }
                }
            }
        }
        // The drives per target and component (target x 4 + component).
        var drives: [Int: [Drive]] = [:]
        for add in added {
            let removal = add.name.flatMap { name in
                naming[name]?[add.target]?.filter { add.commit < $0.commit }.min { $0.commit < $1.commit }
            }
            for (kind, gesture, components) in Self.followed(by: add.intention) {
                let candidates = gesture.map { byID[$0] ?? [] } ?? byTarget[add.target] ?? []
                for index in candidates where document.inputs[index].kind == kind {
                    let input = document.inputs[index]
                    // An input that ended before the commit is not followed (G003's business).
                    guard input.end >= add.commit.time else { continue }
                    var drive = Drive(
                        input: index, begin: max(input.at, add.commit.time), inputEnd: input.end, removal: nil,
                        atCommit: input.at <= add.commit.time, commit: add.commit)
                    if let removal, removal.commit.time <= input.end { drive.removal = removal }
                    // A drive that never moves the layer (removed as it begins, an input of no
                    // duration) shows nothing of its own.
                    guard drive.end > drive.begin else { continue }
                    for component in components { drives[add.target * 4 + component, default: []].append(drive) }
                }
            }
        }
        // The earliest jump per input that stops.
        var jumps: [Int: Jump] = [:]
        for key in drives.keys.sorted() {
            guard var list = drives[key], list.count > 1 else { continue }
            list.sort { $0.precedes($1) }
            for jump in Self.jumps(list, target: key / 4) {
                if let known = jumps[jump.stopping.input], (known.time, known.target) <= (jump.time, jump.target) { continue }
                jumps[jump.stopping.input] = jump
            }
        }
        for index in jumps.keys.sorted() {
            guard let jump = jumps[index] else { continue }
            report(jump, &context)
        }
    }

    /// The jumps on one component of one target.
    ///
    /// `list` holds the component's drives in the order the run adds them. At each moment a drive
    /// begins or stops, the drive shown just before it is compared with the one shown just after:
    /// the latest added that still runs, or else the value the layer keeps (a drive that ends
    /// keeps its last value; a removal takes its drives off in the order the intention follows
    /// them, each keeping the value shown then).
    ///
    /// One sweep over the moments in time order. The drives that began before a moment wait in a
    /// heap by their place in `list`, so the latest added of those still running is its top (the
    /// ones that stopped are dropped as they reach it); only the drives beginning or stopping at
    /// the moment are looked at one by one.
    ///
    /// - Complexity: O(d log d) for the d drives in `list`.
    static func jumps(_ list: [Drive], target: Int) -> [Jump] {
        let byBegin = list.indices.sorted { (list[$0].begin, $0) < (list[$1].begin, $1) }
        let byEnd = list.indices.sorted { (list[$0].end, $0) < (list[$1].end, $1) }
        let times = list.flatMap { [$0.begin, $0.end] }.sorted()
        var result: [Jump] = []
        // The drive whose value the layer keeps when none runs.
        var kept: Int?
        // The drives that began before the moment, less some of those that stopped.
        var began = LatestFirst()
        var (nextBegin, nextEnd) = (0, 0)
        for (n, t) in times.enumerated() where n == 0 || times[n - 1] != t {
            // The drives beginning at `t` and those stopping at it, each in the order added.
            var starting: [Int] = []
            while nextBegin < byBegin.count, list[byBegin[nextBegin]].begin == t {
                starting.append(byBegin[nextBegin])
                nextBegin += 1
            }
            var ending: [Int] = []
            while nextEnd < byEnd.count, list[byEnd[nextEnd]].end == t {
                ending.append(byEnd[nextEnd])
                nextEnd += 1
            }
            // The latest added of those that began before `t` and run on after it.
            while let top = began.top, list[top].end <= t { began.removeTop() }
            let through = began.top
            let before = latest(through, ending.last) ?? kept
            let removed = ending.compactMap { i in list[i].removal.map { (i, $0) } }
                .sorted { $0.1.commit != $1.1.commit ? $0.1.commit < $1.1.commit : list[$0.0].input < list[$1.0].input }
            if !removed.isEmpty {
                // A drive beginning at `t` is on the channel for a removal when it begins at its
                // input's start, or at a commit before the removal's: removals come in commit
                // order, so those admitted only grow.
                var admitted = starting.last { !list[$0].atCommit }
                let atCommit = starting.filter { list[$0].atCommit }.sorted { list[$0].commit < list[$1].commit }
                var nextAdmitted = 0
                var gone = Set<Int>()
                var stillEnding = ending.count - 1
                for (r, removal) in removed {
                    while nextAdmitted < atCommit.count, list[atCommit[nextAdmitted]].commit < removal.commit {
                        admitted = latest(admitted, atCommit[nextAdmitted])
                        nextAdmitted += 1
                    }
                    while stillEnding >= 0, gone.contains(ending[stillEnding]) { stillEnding -= 1 }
                    if let shown = latest(latest(through, stillEnding >= 0 ? ending[stillEnding] : nil), admitted) { kept = shown }
                    gone.insert(r)
                }
            }
            let after: Int?
            if let running = latest(through, starting.last) {
                // A drive beginning now starts from the value shown: no jump.
                after = list[running].begin < t ? running : nil
                kept = running
            } else {
                if removed.isEmpty { kept = ending.last ?? kept }
                after = kept
            }
            if let before, let after, list[before].input != list[after].input {
                result.append(Jump(time: t, target: target, stopping: list[before], shown: list[after]))
            }
            for i in starting { began.insert(i) }
        }
        return result
    }

    /// The later in `list` of two drives, either of which may be missing.
    private static func latest(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }

    /// Indices into a drive list, the greatest on top: a binary heap.
    struct LatestFirst {
        private var items: [Int] = []

        /// The greatest index held; nil when empty.
        var top: Int? { items.first }

        /// Adds `index`.
        ///
        /// - Complexity: O(log n) for n indices held.
        mutating func insert(_ index: Int) {
            items.append(index)
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[parent] < items[child] else { return }
                items.swapAt(parent, child)
                child = parent
            }
        }

        /// Removes the greatest index, if any.
        ///
        /// - Complexity: O(log n) for n indices held.
        mutating func removeTop() {
            guard let last = items.popLast() else { return }
            guard !items.isEmpty else { return }
            items[0] = last
            var parent = 0
            while true {
                var largest = parent
                for child in [2 * parent + 1, 2 * parent + 2] where child < items.count && items[child] > items[largest] {
                    largest = child
                }
                guard largest != parent else { return }
                items.swapAt(parent, largest)
                parent = largest
            }
        }
    }

    /// Reports G005 for `jump`.
    static func report(_ jump: Jump, _ context: inout ValidationContext) {
        let document = context.document
        let input = document.inputs[jump.stopping.input]
        let other = document.inputs[jump.shown.input]
        let (id, otherID) = (input.id.value, other.id.value)
        let kind = input.kind.rawValue
        let target = context.name(ofTarget: jump.target)
        let time = SecondsText.short(jump.time)
        let when: String
        let help: String
        if let removal = jump.stopping.removal {
            when = removal.replaced ? "when \"\(removal.name)\" is added again" : "when \"\(removal.name)\" is removed"
            if jump.shown.end > jump.time {
                let otherEnd = SecondsText.short(jump.shown.end)
                help = "remove \"\(removal.name)\" at \(otherEnd) s or later, or begin \"\(id)\" at \(otherEnd) s or later"
            } else {
                // Both drives go with the one removal, the other one's last.
                let last = SecondsText.short(max(input.end, other.end))
                help = "remove \"\(removal.name)\" after \(last) s, or name one input with `gesture:`"
            }
        } else {
            when = "when it ends"
            let otherEnd = SecondsText.short(jump.shown.end)
            help = "end \"\(id)\" at \(otherEnd) s or later, begin it at \(otherEnd) s or later, or join the two into one input"
        }
        let still =
            jump.shown.end > jump.time
            ? "while the \(kind) input \"\(otherID)\" still drives it until \(SecondsText.short(jump.shown.end)) s"
            : "and the \(kind) input \"\(otherID)\" is let go after it"
        context.report(
            .G005,
            "the \(kind) input \"\(id)\" stops driving \(target) at \(time) s, \(when), \(still): \(target) jumps back to where \"\(otherID)\" has got to",
            at: input.id.range, notes: [DiagnosticNote("the input it jumps back to is here", at: other.id.range)], help: help)
    }

    /// The commit of op `o` of transaction `t` (at `at`) on its `i`-th matched target.
    ///
    /// A stagger of `offset` seconds moves it later, as the run schedules it.
    static func commit(_ at: Double, offset: Double, _ t: Int, _ o: Int, _ i: Int) -> CommitOrder {
        let time = offset == 0 ? at : Seconds.sum(at, offset)
        return CommitOrder(time: time.isFinite ? max(0, time) : 0, staggered: offset != 0, transaction: t, operation: o, match: i)
    }

    static func gestureName(_ intention: PlannedIntention) -> String? {
        if let d = intention.value(as: Draggable.self) { return d.gesture }
        if let p = intention.value(as: Pinchable.self) { return p.gesture }
        return intention.value(as: Rotatable.self)?.gesture
    }

    /// The kinds of input aimed at each target.
    /// - Complexity: O(t) for t targets the inputs' selectors match in all.
    static func inputKinds(_ context: inout ValidationContext) -> [Int: Set<InputKind>] {
        var kinds: [Int: Set<InputKind>] = [:]
        for input in context.document.inputs {
            for target in context.targets(of: input.target.value) ?? .many([]) { kinds[target, default: []].insert(input.kind) }
        }
        return kinds
    }
}
