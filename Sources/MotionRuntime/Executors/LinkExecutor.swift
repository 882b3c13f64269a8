import MotionCore

/// The executor of links on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``LinkCore``, kept by the target, so the runtime can release
/// the handle at rest and make it again with nothing lost.
public final class LinkExecutor: StoredExecutor<LinkCore>, FrameDriven, NamedIntentionExecuting {}

/// Fulfils ``Link`` (docs/format.md §7.4): one property's presented values mapped onto another.
///
/// Frame-driven; one per target.
///
/// At its start a link takes its property from tweens and physics (docs/format.md §2.6) and writes
/// the mapped value; then, every frame while the source moves, it reads the source's presented
/// value and writes `c + (d - c) (s - a) / (b - a)` (clamped) with a `set` event, so a baked
/// timeline holds it sampled at the frame rate. A tween, spring or gesture that later starts on the
/// property ends the link, as a later link ends them.
///
/// A link is brought up to date once per frame: it stays *clean* (its `cleanAt` time) until an
/// event on the target it reads, a change of the links it reads through, or a new frame time
/// marks it and the links that read it again, so that a chain of links costs O(links) a frame
/// and no stack as deep as the chain.
public final class LinkCore: FrameDriven, NameAwareExecuting, ExecutorCore {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.link"

    /// One link on the target, and what the current frame knows of it.
    private final class Active {
        let link: Link
        let name: String?
        let source: TargetPresentation
        var lastWritten: Double?
        /// The source's time at which the link was last brought up to date, kept while nothing
        /// it reads (down its chain) has changed since; nil once something may have. Set only
        /// when the links it reads were clean too, and never on a link that reads through a
        /// cycle, so that writing a clean link again would write nothing.
        var cleanAt: Double?
        /// Whether the link's chain moves at ``movingAt``, known while the link is clean.
        var moving: Bool?
        var movingAt = 0.0
        /// Set while ``LinkCore/isMoving(_:at:)`` follows the link, against a broken invariant.
        var visiting = false

        init(link: Link, name: String?, source: TargetPresentation) {
            self.link = link
            self.name = name
            self.source = source
        }

        /// Whether the link was brought up to date at its source's current time and is still.
        var isClean: Bool { cleanAt == source.now }

        /// Forgets that the link is up to date; returns whether it was marked (it might be clean).
        func markDirty() -> Bool {
            moving = nil
            guard cleanAt != nil else { return false }
            cleanAt = nil
            return true
        }
    }

    private let channel: TargetPresentation?
    private var links: [PropertyPath: Active] = [:]
    private var requester: FrameRequester?
    private var observedSources: Set<ObjectIdentifier> = []
    private var observingHandOffs = false

    /// The paths whose link is being written: a link met again while its own source is brought
    /// up to date closes a cycle, and reads what its property presents.
    private var writing: Set<PropertyPath> = []

    /// Creates the link executor of `target`.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
        channel?.links = self
    }

    /// Receives the handle used to wake up when a source moves again.
    public func setFrameRequester(_ requester: FrameRequester) {
        self.requester = requester
    }

    /// Stops the named link; the property keeps the value it presents.
    public func removeIntention(named name: String) {
        let removed = links.filter { $0.value.name == name }
        guard !removed.isEmpty else { return }
        links = links.filter { $0.value.name != name }
        for path in removed.keys { linksChanged(on: path.property) }
    }

    /// Starts (or replaces) the link on its property, under `name` if given.
    public func receive(_ intention: any Intention, name: String?) {
        guard let link = intention.exactly(Link.self), let channel,
            let sourceTarget = channel.channel.target(matching: link.sourceTarget),
            let source = TargetPresentation.of(sourceTarget)
        else { return }
        channel.handOff(link.property, to: .link)
        links[link.property] = Active(link: link, name: name, source: source)
        linksChanged(on: link.property.property)
        if !observingHandOffs {
            observingHandOffs = true
            channel.observeHandOffs { [weak self] handOff in
                guard let self, handOff.family != .link else { return }
                let taken = Set(handOff.path.componentIndices)
                let before = self.links.count
                self.links = self.links.filter { path, _ in
                    path.property != handOff.path.property || Set(path.componentIndices).isDisjoint(with: taken)
                }
                if self.links.count != before { self.linksChanged(on: handOff.path.property) }
            }
        }
        if observedSources.insert(ObjectIdentifier(source)).inserted {
            source.observeChanges { [weak self] _ in self?.requester?.requestFrames() }
            source.addLinkReader(self)
        }
        write()
        requester?.requestFrames()
    }

    /// Marks the links that read `property` of this target (and those down their chains) to be
    /// brought up to date again: the links written on it changed.
    private func linksChanged(on property: LayerProperty) {
        channel?.readersMustUpdate(property)
    }

    /// Marks every link that reads `property` of `source` (or its scale, which squash and
    /// stretch derives from the target's other properties) to be brought up to date again, and
    /// the links down their chains, with a work list rather than recursion; a link already
    /// marked ends the walk there, as the links reading it are marked too.
    ///
    /// - Complexity: O(links newly marked x links of their targets).
    static func sourceDidChange(_ source: TargetPresentation, _ property: LayerProperty) {
        var work = [(source, property)]
        while let (changed, property) = work.popLast() {
            for reader in changed.linkReaders {
                reader.core?.markLinks(reading: changed, property, into: &work)
            }
        }
    }

    /// Marks this target's links that read `property` (or scale) of `source`, and adds what
    /// each marked link writes to `work`.
    ///
    /// - Complexity: O(links of this target).
    private func markLinks(
        reading source: TargetPresentation, _ property: LayerProperty, into work: inout [(TargetPresentation, LayerProperty)]
    ) {
        guard let channel else { return }
        for (path, active) in links where active.source === source {
            let read = active.link.sourceProperty.property
            guard read == property || read == .scale, active.markDirty() else { continue }
            work.append((channel, path.property))
        }
    }

    /// Writes each link's mapped value when it changed, in property order (docs/format.md §1.2),
    /// then component, so that a bake writes
    /// the same events in the same order every time (a dictionary's order changes per process).
    ///
    /// - Complexity: O(links of this target, and the links down their chains not yet brought up
    ///   to date), and a sort of the links.
    private func write() {
        for path in links.keys.sorted(by: { ($0.property.ordinal, $0.component ?? -1) < ($1.property.ordinal, $1.component ?? -1) }) {
            Self.write(path, of: self)
        }
    }

    /// One link being written: the links of its source's target it reads, brought up to date
    /// first in turn.
    private struct Step {
        let core: LinkCore
        let path: PropertyPath
        let active: Active
        /// The paths of the source's links that the link reads, in the order they are written.
        let upstream: [PropertyPath]
        var next = 0
        /// Whether a cycle, or a link read that is not clean, was met on the way.
        var tainted = false
    }

    /// What starting to write a link finds.
    private enum Start {
        /// Nothing to write: no link there, or one brought up to date already.
        case none
        /// The link is being written already: a cycle came back to it.
        case cycle
        case step(Step)
    }

    /// Writes the mapped value of the link on `path` of `core` when it changed, after bringing
    /// the links its source reads up to date (and its squash and stretch, for a scale source),
    /// so that every link of a chain reads its source's value of the same frame whatever order
    /// the links were written and their executors are updated in.
    ///
    /// The chain is followed with an explicit stack, so its length costs no call stack; a link
    /// brought up to date this frame is not followed again. A link of a cycle (the runtime does
    /// not refuse them; validation does, L001) reads what its source presents when the cycle
    /// comes back to it, and is never taken as up to date.
    ///
    /// - Complexity: O(links of the chain not yet up to date x animations on their sources).
    private static func write(_ path: PropertyPath, of core: LinkCore) {
        guard case .step(let first) = core.start(path) else { return }
        var stack = [first]
        while let top = stack.indices.last {
            if stack[top].next < stack[top].upstream.count {
                let upstreamPath = stack[top].upstream[stack[top].next]
                stack[top].next += 1
                guard let sourceCore = stack[top].active.source.links else { continue }
                switch sourceCore.start(upstreamPath) {
                case .none: break
                case .cycle: stack[top].tainted = true
                case .step(let step): stack.append(step)
                }
                continue
            }
            let step = stack.removeLast()
            if !step.core.finish(step), let below = stack.indices.last { stack[below].tainted = true }
        }
    }

    /// The step writing the link on `path`, unless there is nothing to write or it is being
    /// written already.
    private func start(_ path: PropertyPath) -> Start {
        guard channel != nil, let active = links[path], !active.isClean else { return .none }
        guard writing.insert(path).inserted else { return .cycle }
        let upstream = active.source.links?.paths(reading: active.link.sourceProperty) ?? []
        return .step(Step(core: self, path: path, active: active, upstream: upstream))
    }

    /// Writes the link of `step`, its sources up to date; returns whether it is clean now.
    private func finish(_ step: Step) -> Bool {
        defer { writing.remove(step.path) }
        let active = step.active
        let sourcePath = active.link.sourceProperty
        // Clean before the squash and stretch and the write: an event either causes that reaches
        // what the link reads marks it again. A squash and stretch under a running scale animation
        // writes its scale at every call (its `set` does not show): its link then stays marked,
        // and is written (calling it) as often as a link that was never clean.
        let upstreamClean = step.upstream.allSatisfy { active.source.links?.links[$0]?.isClean ?? true }
        active.moving = nil
        active.cleanAt = step.tainted || !upstreamClean ? nil : active.source.now
        if sourcePath.property == .scale { active.source.shape?.bringUpToDate() }
        let s = active.source.presented(sourcePath)[0]
        let value = active.link.map(s)
        if value != active.lastWritten, let channel {
            channel.set(step.path, .scalar(value))
            active.lastWritten = value
        }
        return active.cleanAt != nil
    }

    /// The paths of this target's links on the components of `source`, by component: the links
    /// a link reading `source` brings up to date first; a property no link drives costs a look
    /// at each link.
    ///
    /// - Complexity: O(links of this target).
    private func paths(reading source: PropertyPath) -> [PropertyPath] {
        guard !links.isEmpty else { return [] }
        let read = source.componentIndices
        let paths = links.keys.filter { path in
            path.property == source.property && path.componentIndices.overlaps(read)
        }
        return paths.sorted(by: { ($0.component ?? -1) < ($1.component ?? -1) })
    }

    /// Writes this frame's values; active while any source animates.
    ///
    /// - Complexity: O(links of this target), plus the links down their chains not yet brought
    ///   up to date or known to move this frame.
    public func update(elapsed: Double) -> ActivityState {
        guard let channel else { return .atRest }
        write()
        let now = channel.now
        let moving = links.values.contains { Self.isMoving($0, at: now) }
        return moving ? .active : .atRest
    }

    /// The links of the source's target that `active` reads.
    private static func parents(of active: Active) -> [Active] {
        guard let sourceCore = active.source.links else { return [] }
        return sourceCore.paths(reading: active.link.sourceProperty).compactMap { sourceCore.links[$0] }
    }

    /// Whether the source of `active` itself animates at `t` (or, for a scale source, stretches).
    private static func sourceMoves(_ active: Active, at t: Double) -> Bool {
        let sourcePath = active.link.sourceProperty
        if active.source.isAnimating(sourcePath.property, at: t) { return true }
        return sourcePath.property == .scale && (active.source.shape?.isStretching ?? false)
    }

    /// Whether the source of `active` animates at `t`, or is driven by a link whose source does,
    /// down the chain: a link stays awake with the first link of its chain, so that it reads
    /// each frame's value in that frame rather than waking a frame late when its source changes.
    ///
    /// Known once per frame for a clean link (its chain holds no cycle and nothing changed since
    /// it was brought up to date): the chain is followed with an explicit stack as far as the
    /// first link known, and each link followed keeps its answer.
    ///
    /// - Complexity: O(links of the chain not yet known this frame); O(links the chain reaches)
    ///   for a link that is not clean.
    private static func isMoving(_ start: Active, at t: Double) -> Bool {
        func known(_ active: Active) -> Bool? {
            active.isClean && active.movingAt == t ? active.moving : nil
        }
        if let answer = known(start) { return answer }
        guard start.isClean else { return reaches(start, at: t) }
        var stack: [(active: Active, parents: [Active], next: Int)] = []
        func push(_ active: Active) -> Bool {
            if sourceMoves(active, at: t) { return true }
            active.visiting = true
            stack.append((active, parents(of: active), 0))
            return false
        }
        func settle(_ active: Active, _ moving: Bool) {
            active.visiting = false
            active.moving = moving
            active.movingAt = t
        }
        var answer = push(start)
        var broken = false
        while !answer, !broken, let top = stack.indices.last {
            guard stack[top].next < stack[top].parents.count else {
                settle(stack.removeLast().active, false)
                continue
            }
            let parent = stack[top].parents[stack[top].next]
            stack[top].next += 1
            if let moving = known(parent) {
                answer = moving
            } else if !parent.isClean || parent.visiting {
                // Not clean below a clean link: leave the answer to the walk that knows nothing.
                broken = true
            } else {
                answer = push(parent)
                if answer { settle(parent, true) }
            }
        }
        if broken {
            for entry in stack { entry.active.visiting = false }
            return reaches(start, at: t)
        }
        // Every link on the stack reads the one that moves above it.
        for entry in stack { settle(entry.active, true) }
        if answer, stack.isEmpty { settle(start, true) }
        return answer
    }

    /// Whether any link `start` reaches through its chain (itself included) has a source that
    /// moves at `t`; a link met again (a cycle) is not followed twice.
    ///
    /// - Complexity: O(links reached x links of their targets).
    private static func reaches(_ start: Active, at t: Double) -> Bool {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
        var work = [start]
        while let active = work.popLast() {
            if sourceMoves(active, at: t) { return true }
            for parent in parents(of: active) where seen.insert(ObjectIdentifier(parent)).inserted {
                work.append(parent)
            }
        }
        return false
    }
}
