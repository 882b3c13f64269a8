/// The Material Motion runtime: runs the intentions added to targets and says whether anything moves.
///
/// It takes intentions for targets, creates the executors that fulfil them, drives frame-driven
/// executors from a ``FrameClock`` and reports whether anything is active.
///
/// Rules it keeps:
/// - **One executor per executor type per target**, created on the first intention that needs it,
///   so that e.g. a spring and a friction on one property share one velocity.
/// - **Synchronous**: an add runs the executor's `add` before it returns; so do intentions
///   emitted by executors (composition).
/// - **Named intentions** are scoped to their target. Adding a name the target holds first removes
///   it from whichever executor holds it (which may be of another type), then adds; removing a
///   name the target does not hold does nothing and creates nothing. Named and unnamed adds never
///   cross: a named add calls only ``NamedIntentionExecuting/add(_:named:)``.
/// - **Activity**: an executor is active while its last frame update asked for more frames or it
///   holds an unended ``ActivityToken``; a target is active while one of its executors is; the
///   runtime while one of its targets is. Observers hear changes only.
/// - **Frames** reach only executors that want them; while none does, the runtime does not listen
///   to its clock.
/// - **Garbage collection**: an executor at rest for ``garbageCollectionDelay`` seconds of clock
///   time (0.5 s by default) that holds no named intention is released; its target's
///   ``MotionTarget/properties`` stay. Collection runs when a top-level commit or add starts, on
///   each frame, and on ``collectGarbage()``; nothing is sorted per frame. A released
///   ``StoredExecutor`` is made again by the next intention for it, or when its core needs a token
///   or frames.
/// - **Streams**: ``write(_:to:)`` writes a stream to a property; a stream's activity is the
///   runtime's too.
///
/// A runtime is not thread-safe and not `Sendable`: like UIKit, use it from one thread, queue or
/// actor — the one its clock delivers frames on. Many runtimes may coexist.
public final class Runtime {
    /// The clock that times frames and ``now``.
    public let clock: any FrameClock

    /// How long, in seconds of clock time, an executor must be at rest before it can be released.
    ///
    /// `.infinity` turns garbage collection off. The built-in executors are ``StoredExecutor``s:
    /// their state is in cores their targets keep, and they are made again when their work resumes.
    public var garbageCollectionDelay: Double = 0.5 {
        didSet {
            // Infinite: nothing is collected, so nothing is queued; rebuilt when finite again.
            if !garbageCollectionDelay.isFinite { resting = nil }
        }
    }

    // Unchecked exclusivity. The tables a commit touches per executor (here, in `TargetRecord`,
    // `MotionTarget` and `TargetPresentation`) are marked `@exclusivity(unchecked)`: their
    // dynamic checks were ~5% of a commit. Each keeps two rules, so that no access to one can
    // overlap another access to it: (1) an access never calls out (a closure passed to one of its
    // mutating methods only changes the row it is given; no observer, tracer or executor is
    // called inside); (2) an access never drops the last reference to an object, whose `deinit`
    // could reach the table: what a removal drops is held by a local until after the access
    // (`release(_:)`, `tearDown()`), and the other tables hold values, or objects set once.
    // A property that cannot keep them (the target order, the observer lists) stays checked.
    @exclusivity(unchecked) private var targetRecords = TargetTable()
    /// Target records in creation order; forgotten ones are dropped lazily (see
    /// ``collectGarbage()``). ``tearDown()`` tells active targets' observers in this order.
    private var targetOrder: [TargetRecord] = []
    /// How many target records have activity observers.
    private var observedTargetCount = 0
    /// What each executor type adopts, asked once per type (see ``ExecutorTraits``): a list, as
    /// a run uses a few executor types, searched without hashing. The rows of ``records`` refer
    /// to these without counting references, so they are kept for the runtime's life.
    @exclusivity(unchecked) private var traits: [ExecutorTraits] = []
    /// The executors held, as rows by serial (so in creation order).
    @exclusivity(unchecked) private var records = ExecutorTable()
    /// Executors at rest, in the order they came to rest (so oldest first): the candidates for
    /// garbage collection, with the time each came to rest. An entry whose executor has moved
    /// since is stale and skipped. `nil` while collection is off or before the first collection.
    @exclusivity(unchecked) private var resting: RestQueue?
    /// Executors found due while holding a name; collected once their last name goes.
    private var parked: Set<Int> = []
    /// Parked executors that lost their last name: checked at the next collection.
    private var unparked: [Int] = []
    /// Targets that may hold nothing any more: forgotten at the next collection if so.
    private var maybeEmpty: [TargetRecord] = []
    /// Serials of the executors that want frames, in creation order (kept sorted as they wake,
    /// so frames never sort).
    @exclusivity(unchecked) private var frameActive: [Int] = []
    private let streams = StreamRuntime()
    private var streamsActive = false
    private var streamsSubscription: Subscription?
    private var clockSubscription: Subscription?
    @exclusivity(unchecked) private var activeTargetCount = 0
    // Unchecked under the rules above: read as a whole (the loops that call them run on a copy,
    // outside the access); a removal's caller holds what it removes.
    @exclusivity(unchecked) private var observers: [ActivityObserver] = []
    @exclusivity(unchecked) private var tracers: [any Tracer] = []
    /// The serial of the last executor made. Serials are never reused (not even after
    /// ``tearDown()``), so a serial the table does not hold names a released executor.
    @exclusivity(unchecked) private var nextSerial = 0
    @exclusivity(unchecked) private var nextTokenID: UInt64 = 0
    private var depth = 0
    private var updatingSerial: Int?
    /// The reader of ``now`` every clock-reading executor gets (one per runtime, not per executor).
    private lazy var clockReader = RuntimeClockReader(runtime: self)
    /// The reference to this runtime its executors' services hold instead of a weak reference
    /// each (see ``ClearedReference``), made on first use.
    var reference: RuntimeReference { RuntimeReference.made(for: self, in: &madeReference) }

    @exclusivity(unchecked) private var madeReference: RuntimeReference?

    /// Creates a runtime driven by `clock`.
    public init(clock: any FrameClock) {
        self.clock = clock
        // Through the runtime's shared reference, not weakly: a weak reference gives the runtime a
        // side table, and every retain of it then takes the slow path.
        streamsSubscription = streams.observeAggregateState { [reference] state in
            reference.runtime?.streamsDidChange(to: state)
        }
    }

    /// Creates a runtime driven by a 60 fps ``RealTimeClock`` on the main queue.
    ///
    /// Use it from the main thread.
    public convenience init() {
        self.init(clock: RealTimeClock())
    }

    deinit {
        // First: from now on, the services executors keep find no runtime.
        madeReference?.clear()
        targetRecords.retire()
        clockSubscription?.unsubscribe()
        streamsSubscription?.unsubscribe()
    }

    // MARK: - Time and activity

    /// The clock's current time, in seconds.
    public var now: Double { clock.now }

    /// ``ActivityState/active`` while any target, or any stream written with ``write(_:to:)``, is active.
    public var activityState: ActivityState { isActive ? .active : .atRest }

    /// Whether ``activityState`` is ``ActivityState/active``.
    public var isActive: Bool { activeTargetCount > 0 || streamsActive }

    // MARK: - Streams

    /// Subscribes to `stream` and writes it to `property`; the stream's activity is the runtime's.
    ///
    /// As ``StreamRuntime/write(_:to:)`` does, `next` values are written, render-server events
    /// forwarded, and the stream's state joins the runtime's activity, deduplicated by a token per
    /// write.
    ///
    /// - Returns: the write; unsubscribing it disconnects the stream. Dropping it does nothing.
    @discardableResult
    public func write<Property: WritableProperty>(_ stream: MotionObservable<Property.Value>, to property: Property)
        -> Subscription
    {
        streams.write(stream, to: property)
    }

    /// How many streams are written and not yet cut.
    public var streamCount: Int { streams.subscriptionCount }

    private func streamsDidChange(to state: ActivityState) {
        let wasActive = isActive
        streamsActive = state == .active
        guard wasActive != isActive else { return }
        let state: ActivityState = isActive ? .active : .atRest
        for tracer in tracers { tracer.runtimeActivityStateDidChange(state) }
        for observer in observers { observer.body(state) }
    }

    /// ``ActivityState/active`` while any executor of `target` is active.
    public func activityState(of target: MotionTarget) -> ActivityState {
        (targetRecords[target]?.activeExecutorCount ?? 0) > 0 ? .active : .atRest
    }

    /// Whether the runtime is currently subscribed to its clock (some executor wants frames).
    public var isListeningToClock: Bool { clockSubscription != nil }

    /// Registers `observer` for changes of ``activityState``. Registering it again does nothing.
    public func addActivityObserver(_ observer: ActivityObserver) {
        if !observers.contains(where: { $0 === observer }) { observers.append(observer) }
    }

    /// Unregisters `observer`; it hears nothing more.
    public func removeActivityObserver(_ observer: ActivityObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Registers `observer` for changes of `target`'s activity.
    ///
    /// Registering it again does nothing. The runtime keeps `target` while it has observers.
    public func addActivityObserver(_ observer: ActivityObserver, for target: MotionTarget) {
        let record = targetRecord(for: target)
        guard !record.observers.contains(where: { $0 === observer }) else { return }
        if record.observers.isEmpty { observedTargetCount += 1 }
        record.observers.append(observer)
    }

    /// Unregisters `observer` from `target`'s activity.
    public func removeActivityObserver(_ observer: ActivityObserver, for target: MotionTarget) {
        guard let record = targetRecords[target] else { return }
        if !record.observers.isEmpty {
            record.observers.removeAll { $0 === observer }
            if record.observers.isEmpty { observedTargetCount -= 1 }
        }
        maybeEmpty.append(record)
    }

    /// Registers `observer` for changes of the activity of the intention named `name` on `target`.
    ///
    /// It hears the changes of the executor that holds the name,
    /// while it holds it, and ``ActivityState/atRest`` if the name is removed while that executor
    /// is active. Registering it again does nothing; the observer stays for later intentions of
    /// the same name. The runtime keeps `target` while it has observers.
    public func addActivityObserver(_ observer: ActivityObserver, forIntentionNamed name: String, on target: MotionTarget) {
        let record = targetRecord(for: target)
        if !(record.planObservers[name] ?? []).contains(where: { $0 === observer }) {
            record.planObservers[name, default: []].append(observer)
        }
    }

    /// Unregisters `observer` from the intention named `name` on `target`.
    public func removeActivityObserver(_ observer: ActivityObserver, forIntentionNamed name: String, on target: MotionTarget) {
        guard let record = targetRecords[target] else { return }
        record.planObservers[name]?.removeAll { $0 === observer }
        if record.planObservers[name]?.isEmpty == true { record.planObservers[name] = nil }
        maybeEmpty.append(record)
    }

    /// Registers `tracer`. Registering it again does nothing.
    public func addTracer(_ tracer: any Tracer) {
        if !tracers.contains(where: { $0 === tracer }) { tracers.append(tracer) }
    }

    /// Unregisters `tracer`.
    public func removeTracer(_ tracer: any Tracer) {
        tracers.removeAll { $0 === tracer }
    }

    // MARK: - Executors

    /// The executors of `target`, in creation order.
    public func executors(of target: MotionTarget) -> [any Executor] {
        guard let targetRecord = targetRecords[target] else { return [] }
        return records.serials(in: targetRecord.executors).compactMap { records.shownExecutor($0) }
    }

    /// The executor holding the intention named `name` on `target`, or `nil`.
    public func executor(named name: String, on target: MotionTarget) -> (any Executor)? {
        targetRecords[target]?.named[name].flatMap { records.shownExecutor($0) }
    }

    /// The names `target` currently holds, sorted.
    public func intentionNames(on target: MotionTarget) -> [String] {
        (targetRecords[target]?.named.names).map { $0.sorted() } ?? []
    }

    /// How many executors the runtime holds, over all targets.
    public var executorCount: Int { records.count }

    // MARK: - Adding and removing

    /// Applies every operation of `transaction`, in recorded order.
    ///
    /// - Complexity: O(operations), plus the executors' own work and one garbage collection pass
    ///   (O(executors)) when called at top level.
    public func commit(_ transaction: Transaction) {
        enter()
        defer { leave() }
        for operation in transaction.operations {
            switch operation {
            case .add(let intention, let target):
                applyAdd(intention, to: target)
            case .addNamed(let intention, let name, let target):
                applyAdd(intention, named: name, to: target)
            case .remove(let name, let target):
                applyRemove(named: name, from: target)
            }
        }
    }

    /// Applies the operations `body` gives to its ``CommitOperations``, in order, as
    /// ``commit(_:)`` applies a transaction's, without recording them in a ``Transaction``
    /// first (the document run commits tens of thousands at once).
    ///
    /// An operation a transaction would refuse (an empty name, a name for an executor that takes
    /// none) is skipped, as a transaction records nothing then.
    ///
    /// A body about to add about `count` intentions says so: room for as many executors is then
    /// made once, not grown as they come.
    ///
    /// - Complexity: as ``commit(_:)``.
    package func commit(addingAbout count: Int = 0, _ body: (CommitOperations) -> Void) {
        records.reserveCapacity(adding: count)
        enter()
        defer { leave() }
        body(CommitOperations(runtime: self))
    }

    /// The operations of a ``commit(addingAbout:_:)`` in progress.
    package struct CommitOperations {
        fileprivate let runtime: Runtime

        /// Adds `intention` to `target` without a name, as ``Transaction/add(_:to:)`` records.
        package func add(_ intention: any Intention, to target: MotionTarget) {
            runtime.applyAdd(intention, to: target)
        }

        /// Adds `intention` to `target` under `name`, as ``Transaction/add(_:named:to:)``
        /// records; skipped when a transaction would refuse it.
        package func add(_ intention: any NamedIntention, named name: String, to target: MotionTarget) {
            // The executor type's answer, asked once per type (a conformance check per add is not free).
            guard !name.isEmpty, runtime.traits(of: intention.dynamicExecutorType).takesNames else { return }
            runtime.applyAdd(intention, named: name, to: target)
        }

        /// Removes the intention named `name` from `target`, as ``Transaction/remove(named:from:)``
        /// records; skipped for an empty name.
        package func remove(named name: String, from target: MotionTarget) {
            guard (try? RuntimeError.check(name: name)) != nil else { return }
            runtime.applyRemove(named: name, from: target)
        }
    }

    /// Adds `intention` to `target` without a name: a one-operation commit.
    public func add(_ intention: any Intention, to target: MotionTarget) {
        enter()
        defer { leave() }
        applyAdd(intention, to: target)
    }

    /// Adds `intention` to `target` under `name`, first removing any intention of that name there.
    /// - Throws: ``RuntimeError/emptyName``, ``RuntimeError/executorDoesNotTakeNames(executorType:)``;
    ///   nothing happens then.
    public func add(_ intention: any NamedIntention, named name: String, to target: MotionTarget)
        throws(RuntimeError)
    {
        try RuntimeError.check(name: name)
        try RuntimeError.check(namedExecutorOf: intention)
        enter()
        defer { leave() }
        applyAdd(intention, named: name, to: target)
    }

    /// Removes the intention named `name` from `target`; does nothing if the target holds no such name.
    ///
    /// - Throws: ``RuntimeError/emptyName``.
    public func removeIntention(named name: String, from target: MotionTarget) throws(RuntimeError) {
        try RuntimeError.check(name: name)
        enter()
        defer { leave() }
        applyRemove(named: name, from: target)
    }

    // MARK: - Lifetime

    /// Forgets the targets that may have been left with nothing (`maybeEmpty`) and are.
    /// - Complexity: O(candidates), each noted once per change that could empty its target.
    private func forgetEmptyTargets() {
        if maybeEmpty.isEmpty { return }
        for record in maybeEmpty where record.isEmpty && targetRecords.holds(record) { targetRecords.remove(record) }
        maybeEmpty = []
    }

    /// Releases the executors at rest long enough, and forgets targets left with nothing.
    ///
    /// An executor is released when it has been at rest for at least ``garbageCollectionDelay``
    /// and holds no named intention.
    ///
    /// - Complexity: O(r log r) for r executors released, plus the stale entries skipped: what
    ///   came to rest, not every executor; O(executors) once after collection is turned on.
    public func collectGarbage() {
        // An infinite delay can release nothing: skip the pass (it runs every frame), but forget
        // the targets left empty, so that the list of candidates does not grow.
        guard garbageCollectionDelay.isFinite else {
            forgetEmptyTargets()
            return
        }
        let now = self.now
        let delay = garbageCollectionDelay - 1e-9
        var queue = resting ?? RestQueue(records.restingEntries)
        resting = nil
        var due: [Int] = []
        while let (serial, since) = queue.first, now - since >= delay {
            queue.removeFirst()
            guard let namedCount = records[serial]?.namedCount, records[serial]?.restingSince == since else { continue }
            if namedCount == 0 { due.append(serial) } else { parked.insert(serial) }
        }
        resting = queue
        for serial in unparked {
            guard records[serial]?.namedCount == 0, let since = records[serial]?.restingSince else { continue }
            if now - since >= delay { due.append(serial) } else { parked.insert(serial) }
        }
        unparked = []
        // Serials are never reused: one found twice is released once.
        for serial in due.sorted() where records.holds(serial) {
            release(serial)
        }
        forgetEmptyTargets()
        // Amortised O(1) per forgotten target: compacted once more than half are forgotten.
        if targetOrder.count > 64, targetRecords.count * 2 < targetOrder.count {
            targetOrder.removeAll { !targetRecords.holds($0) }
        }
    }

    /// Stops everything: releases every executor, forgets every named intention, ends every token.
    ///
    /// It also stops listening to the clock. Activity observers of the runtime and of active
    /// targets hear ``ActivityState/atRest`` if they were active; target observers are then
    /// dropped. Tracers and runtime observers stay.
    ///
    /// - Complexity: O(1) besides freeing what the runtime holds when no tracer and no target
    ///   observer listens; else O(live executors) for tracers (each release is traced) and
    ///   O(live targets) to find the active ones in creation order. Nothing is sorted.
    public func tearDown() {
        let wasActive = isActive
        // Only listeners need these lists: tracers hear every release, and tracers and target
        // observers hear the active targets come to rest, in the targets' creation order.
        let activeTargets =
            activeTargetCount > 0 && (!tracers.isEmpty || observedTargetCount > 0)
            ? targetOrder.filter { $0.activeExecutorCount > 0 && targetRecords.holds($0) } : []
        let released = tracers.isEmpty ? [] : records.shownHeld
        // The executors and target records dropped here are released at the end, after the
        // tables' accesses: their `deinit`s (an app executor's, a target's cores') may read them.
        let dropped = (records, targetRecords)
        records.removeAll()
        targetOrder = []
        observedTargetCount = 0
        resting = resting.map { _ in RestQueue([]) }
        parked = []
        unparked = []
        maybeEmpty = []
        frameActive = []
        targetRecords.removeAll()
        withExtendedLifetime(dropped) {}
        activeTargetCount = 0
        streamsActive = false
        streams.tearDown()
        updateClockSubscription()
        for (executor, target) in released {
            for tracer in tracers { tracer.didReleaseExecutor(executor, for: target) }
        }
        for target in activeTargets {
            for tracer in tracers { tracer.activityStateDidChange(.atRest, for: target.target) }
        }
        if wasActive {
            for tracer in tracers { tracer.runtimeActivityStateDidChange(.atRest) }
        }
        for target in activeTargets {
            for observer in target.observers { observer.body(.atRest) }
        }
        if wasActive {
            for observer in observers { observer.body(.atRest) }
        }
    }

    // MARK: - Internals: operations

    private func enter() {
        if depth == 0 { collectGarbage() }
        depth += 1
    }

    private func leave() {
        depth -= 1
    }

    private func applyAdd(_ intention: any Intention, to target: MotionTarget) {
        let held = heldExecutor(ofType: intention.dynamicExecutorType, target: target)
        // Passed on as it came when the executor reads it shared (a conditional expression made
        // a copy of the intention, retained and released, even then).
        if held.traits.readsShared {
            held.executor.add(intention)
        } else {
            held.executor.add(intention.unshared)
        }
        wake(held.serial)
        if !tracers.isEmpty {
            let shown = intention.unshared
            for tracer in tracers { tracer.didAddPlan(shown, to: target) }
        }
    }

    private func applyAdd(_ intention: any NamedIntention, named name: String, to target: MotionTarget) {
        let targetRecord = targetRecord(for: target)
        if targetRecord.named[name] != nil { applyRemove(named: name, from: target) }
        let held = heldExecutor(ofType: intention.dynamicExecutorType, target: target)
        guard let named = held.traits.named else { return }
        let serial = held.serial
        targetRecord.named[name] = serial
        records.update(serial) { $0.namedCount += 1 }
        if held.traits.readsShared {
            ExecutorTraits.add(intention, named: name, to: held.executor, as: named)
        } else {
            ExecutorTraits.add(intention.unsharedNamed, named: name, to: held.executor, as: named)
        }
        let wasActive = records[serial]?.isActive == true
        wake(serial)
        // Joining an executor already at work: the name's observers hear it is active.
        if wasActive, records[serial]?.isActive == true, let observers = targetRecord.planObservers[name] {
            for observer in observers { observer.body(.active) }
        }
        if !tracers.isEmpty {
            let shown = intention.unsharedNamed
            for tracer in tracers { tracer.didAddPlan(shown, named: name, to: target) }
        }
    }

    private func applyRemove(named name: String, from target: MotionTarget) {
        guard let targetRecord = targetRecords[target],
            let serial = targetRecord.named.removeValue(forKey: name)
        else { return }
        maybeEmpty.append(targetRecord)
        if let held = records.heldExecutor(serial) {
            if records[serial]?.isActive == true, let observers = targetRecord.planObservers[name] {
                for observer in observers { observer.body(.atRest) }
            }
            let namedCount = records.update(serial) { row in
                row.namedCount -= 1
                return row.namedCount
            }
            if namedCount == 0, parked.remove(serial) != nil { unparked.append(serial) }
            if let named = held.traits.named {
                ExecutorTraits.removeIntention(named: name, from: held.executor, as: named)
            }
            wake(serial)
        }
        for tracer in tracers { tracer.didRemovePlan(named: name, from: target) }
    }

    private func targetRecord(for target: MotionTarget) -> TargetRecord {
        if let record = targetRecords[target] { return record }
        let record = TargetRecord(target: target)
        targetRecords.insert(record)
        targetOrder.append(record)
        return record
    }

    /// The executor of `type` for `target`, created on first use.
    /// - Complexity: O(executor types on the target) to find it: a few, whatever the document;
    ///   O(executor types the runtime met) to find the type's traits when it makes one.
    private func heldExecutor(ofType type: any Executor.Type, target: MotionTarget) -> HeldExecutor {
        let typeID = ObjectIdentifier(type)
        let targetRecord = targetRecord(for: target)
        if let existing = records.first(ofType: typeID, in: targetRecord.executors) {
            return existing
        }
        let traits = self.traits(of: type)
        // A stored executor runs as its core: no handle is made (see ``StoredExecutorType``).
        let executor = traits.storedType?.core(of: target) ?? type.init(target: target)
        nextSerial += 1
        let serial = nextSerial
        let now = self.now
        // The executor is of exactly the type the traits' views were made for (`type`, or its
        // core type): the views are the casts, made without a conformance search.
        records.append(
            serial, ExecutorRow(executor: executor, traits: traits, targetRecord: targetRecord, now: now),
            linkedInto: &targetRecord.executors)
        resting?.append(serial: serial, since: now)
        if let emitting = traits.planEmitting {
            ExecutorTraits.setPlanEmitter(PlanEmitter(runtime: self, target: target), on: executor, as: emitting)
        }
        // Each service gets a revival made for it (moved in, not a copy of a reference).
        func revival() -> ExecutorRevival { ExecutorRevival(type: type, target: target, isStored: traits.stored) }
        // A built-in core keeps its token source in its ledger: no generator object per executor.
        if let owner = traits.ledgerOwner {
            // The source replaced (a released executor's) is dropped after the access; a new
            // core's none is not destroyed at all (destroying the empty optional took a call).
            if let replaced = ExecutorTraits.replaceTokenSource(
                with: TokenSource(runtime: self, executorSerial: serial, revival: revival()), on: executor, as: owner)
            {
                withExtendedLifetime(replaced) {}
            }
        } else if let continuous = traits.continuous {
            ExecutorTraits.setActivityTokenGenerator(
                ActivityTokenGenerator(TokenSource(runtime: self, executorSerial: serial, revival: revival())), on: executor,
                as: continuous)
        }
        if let clockReading = traits.clockReading {
            ExecutorTraits.setClock(clockReader, on: executor, as: clockReading)
        }
        if let frameDriven = traits.frameDriven {
            ExecutorTraits.setFrameRequester(
                FrameRequester(runtime: self, executorSerial: serial, revival: revival()), on: executor, as: frameDriven)
        }
        if !tracers.isEmpty {
            let shown = traits.shown(executor, on: target)
            for tracer in tracers { tracer.didCreateExecutor(shown, for: target) }
        }
        return HeldExecutor(serial: serial, executor: executor, traits: traits)
    }

    /// The traits of `type`, made on first use.
    /// - Complexity: O(executor types the runtime met).
    private func traits(of type: any Executor.Type) -> ExecutorTraits {
        let typeID = ObjectIdentifier(type)
        return traits.first { $0.type == typeID } ?? makeTraits(type)
    }

    /// The traits of `type`, remembered for the next executor of the type.
    private func makeTraits(_ type: any Executor.Type) -> ExecutorTraits {
        let made = ExecutorTraits(type)
        traits.append(made)
        return made
    }

    /// Whether the runtime holds the executor `serial` (it has not been released).
    func holdsExecutor(_ serial: Int) -> Bool {
        records.holds(serial)
    }

    /// `serial` if the runtime holds that executor; else the serial of the executor of `type` for
    /// `target`, made again if the runtime released it (a ``StoredExecutor`` finds its state in
    /// the core its target keeps).
    func liveSerial(_ serial: Int, type: any Executor.Type, target: MotionTarget) -> Int {
        if records.holds(serial) { return serial }
        return heldExecutor(ofType: type, target: target).serial
    }

    /// Releases the executor `serial`, which the runtime holds.
    private func release(_ serial: Int) {
        guard let targetRecord = records[serial]?.targetRecord else { return }
        let shown = tracers.isEmpty ? nil : records.shownExecutor(serial)
        // Held until the row is gone: an app's executor may be released for good here, and its
        // `deinit` (which may end its tokens) runs after the table's accesses, not inside one.
        let released = records.heldExecutor(serial)
        records.unlink(serial, from: &targetRecord.executors)
        records.remove(serial)
        parked.remove(serial)
        maybeEmpty.append(targetRecord)
        removeFrameActive(serial)
        if let shown {
            for tracer in tracers { tracer.didReleaseExecutor(shown, for: targetRecord.target) }
        }
        withExtendedLifetime(released) {}
    }

    // MARK: - Internals: activity

    /// Changes the activity inputs of the executor `serial`, which the runtime holds, and
    /// propagates a change of its activity to its target and the runtime: tracers first, then
    /// target observers, then runtime observers.
    /// - Complexity: O(1) besides the observers: the row is changed, its rest time set and its
    ///   target record read in one access to the table.
    private func changeActivity(of serial: Int, _ change: (inout ExecutorRow) -> Void) {
        // Read before the access: no call to the clock inside it.
        let now = self.now
        let changed = records.update(serial) { row -> (wasActive: Bool, isActive: Bool, targetRecord: TargetRecord) in
            let wasActive = row.isActive
            change(&row)
            let isActive = row.isActive
            if wasActive != isActive { row.restingSince = isActive ? nil : now }
            // A held row's target record is held too (a target is forgotten with no executor).
            return (wasActive, isActive, row.targetRecord)
        }
        guard let (wasActive, isActive, targetRecord) = changed, wasActive != isActive else { return }
        if !isActive { resting?.append(serial: serial, since: now) }
        if !targetRecord.planObservers.isEmpty {
            let state: ActivityState = isActive ? .active : .atRest
            for (name, named) in targetRecord.named.entries where named == serial {
                for observer in targetRecord.planObservers[name] ?? [] { observer.body(state) }
            }
        }
        let targetWasActive = targetRecord.activeExecutorCount > 0
        targetRecord.activeExecutorCount += isActive ? 1 : -1
        guard targetWasActive != (targetRecord.activeExecutorCount > 0) else { return }
        let runtimeWasActive = self.isActive
        activeTargetCount += isActive ? 1 : -1
        let runtimeChanged = runtimeWasActive != self.isActive
        let state: ActivityState = isActive ? .active : .atRest
        for tracer in tracers { tracer.activityStateDidChange(state, for: targetRecord.target) }
        if runtimeChanged {
            for tracer in tracers { tracer.runtimeActivityStateDidChange(state) }
        }
        for observer in targetRecord.observers { observer.body(state) }
        if runtimeChanged {
            for observer in observers { observer.body(state) }
        }
    }

    func startToken(executorSerial: Int) -> UInt64? {
        guard records.holds(executorSerial) else { return nil }
        nextTokenID += 1
        let id = nextTokenID
        changeActivity(of: executorSerial) { $0.tokenCount += 1 }
        return id
    }

    func endToken(_ id: UInt64, executorSerial: Int) {
        // A token ends once (ActivityToken sees to it), and only on the executor it started on.
        guard let tokenCount = records[executorSerial]?.tokenCount, tokenCount > 0 else { return }
        changeActivity(of: executorSerial) { $0.tokenCount -= 1 }
    }

    // MARK: - Internals: frames

    func requestFrames(executorSerial: Int) {
        guard records.holds(executorSerial) else { return }
        if updatingSerial == executorSerial { records.update(executorSerial) { $0.framesRequestedDuringUpdate = true } }
        wake(executorSerial)
    }

    /// Makes the frame-driven executor `serial` want frames; its next update gets `elapsed == 0`.
    /// Does nothing if the runtime does not hold it.
    private func wake(_ serial: Int) {
        guard records[serial]?.isFrameDriven == true, records[serial]?.wantsFrames == false else { return }
        changeActivity(of: serial) {
            $0.wantsFrames = true
            $0.lastUpdateTime = nil
        }
        insertFrameActive(serial)
        updateClockSubscription()
    }

    private func updateClockSubscription() {
        if frameActive.isEmpty {
            clockSubscription?.unsubscribe()
            clockSubscription = nil
        } else if clockSubscription == nil {
            clockSubscription = clock.subscribe { [reference] time in reference.runtime?.frame(at: time) }
        }
    }

    /// Adds `serial` to ``frameActive`` in order: a binary search and an insertion, when an
    /// executor wakes (not per frame).
    private func insertFrameActive(_ serial: Int) {
        var lo = 0
        var hi = frameActive.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frameActive[mid] < serial { lo = mid + 1 } else { hi = mid }
        }
        if lo == frameActive.count || frameActive[lo] != serial { frameActive.insert(serial, at: lo) }
    }

    private func removeFrameActive(_ serial: Int) {
        if let index = frameActive.firstIndex(of: serial) { frameActive.remove(at: index) }
    }

    /// Updates every executor that wants frames, in creation order. Executors woken during the
    /// frame are updated from the next one.
    ///
    /// - Complexity: O(k) for k frame-driven active executors, plus their updates; no sorting.
    private func frame(at time: Double) {
        enter()
        defer { leave() }
        var cameToRest = false
        for serial in frameActive {
            // The row read, then written, in two short accesses: the executor is updated after
            // them, so no access to the table runs code it does not know (which lets the
            // optimizer drop the table's exclusivity checks).
            guard let row = records[serial], row.wantsFrames, let frameDriven = row.traits.frameDriven else {
                continue
            }
            let elapsed = row.lastUpdateTime.map { max(0, time - $0) } ?? 0
            records.update(serial) {
                $0.lastUpdateTime = time
                $0.framesRequestedDuringUpdate = false
            }
            updatingSerial = serial
            // Held for the update, which may release it.
            let executor: any Executor = row.executor
            let state = withExtendedLifetime(executor) {
                ExecutorTraits.update(executor, elapsed: elapsed, as: frameDriven)
            }
            updatingSerial = nil
            // Unless the update released it (the runtime holds it no more then).
            if state == .atRest, records[serial]?.framesRequestedDuringUpdate == false {
                changeActivity(of: serial) { $0.wantsFrames = false }
                cameToRest = true
            }
        }
        if cameToRest { frameActive.removeAll { records[$0]?.wantsFrames != true } }
        updateClockSubscription()
    }
}

/// The executors a runtime holds, as rows by serial: an array indexed by serial (serials are
/// made one after the other), released ones nil, so that finding one hashes nothing.
///
/// The released executors before the oldest held one are dropped lazily (once they are more
/// than half of the array), so the array spans the executors made since the oldest held one.
/// Rows are plain data, beside the references that keep their executors: holding, finding and
/// dropping an executor's row allocates, counts and frees no object.
struct ExecutorTable {
    private var slots: [ExecutorRow?] = []
    /// The executors of rows that are not a stored executor's core, by serial, kept here (a row
    /// does not count its references). A stored executor's core is kept by its target for its
    /// life (see ``ExecutorCoreSlots``) and the target by the runtime while it holds the row:
    /// counting it here too retained it at its commit and released it, cold, when the runtime
    /// went. Built-in executors are all stored, so this mostly stays empty: an array beside the
    /// rows held a nil per executor, each destroyed through a value witness when the runtime went.
    private var executors: [Int: any Executor] = [:]
    /// The serial of `slots[0]`.
    private var base = 0
    /// The index of the first slot that may hold a row.
    private var head = 0
    /// How many executors are held.
    private(set) var count = 0

    /// The row of the executor `serial`, or nil when it is not held.
    /// - Complexity: O(1).
    subscript(serial: Int) -> ExecutorRow? {
        let i = serial - base
        return i >= head && i < slots.count ? slots[i] : nil
    }

    /// Whether the executor `serial` is held.
    /// - Complexity: O(1).
    func holds(_ serial: Int) -> Bool {
        self[serial] != nil
    }

    /// Changes the row of the executor `serial` in place; nil, changing nothing, when it is not held.
    /// - Complexity: O(1) besides `body`.
    @discardableResult
    mutating func update<Result>(_ serial: Int, _ body: (inout ExecutorRow) -> Result) -> Result? {
        let i = serial - base
        guard i >= head, i < slots.count else { return nil }
        return slots[i]?.change(body)
    }

    /// The executor `serial` with what the runtime calls it through, or nil when it is not held.
    func heldExecutor(_ serial: Int) -> HeldExecutor? {
        guard let row = self[serial] else { return nil }
        return HeldExecutor(serial: serial, executor: row.executor, traits: row.traits)
    }

    /// The executor `serial` as apps and tracers see it (see ``ExecutorTraits/shown(_:on:)``), or
    /// nil when it is not held.
    func shownExecutor(_ serial: Int) -> (any Executor)? {
        guard let row = self[serial] else { return nil }
        return row.traits.shown(row.executor, on: row.targetRecord.target)
    }

    /// Makes room for `count` more executors, so that adding them copies no row: a run that
    /// knows how many it is about to add tells, once.
    /// - Complexity: O(executors made since the oldest held one), when it grows the table.
    mutating func reserveCapacity(adding count: Int) {
        let needed = slots.count + count
        guard needed > slots.capacity else { return }
        // At least doubled, as appending grows it, so that many small reservations stay amortised.
        let capacity = max(needed, slots.capacity * 2)
        slots.reserveCapacity(capacity)
    }

    /// Holds `row` as the executor `serial`, after every serial held so far, last in `list` (its
    /// target's executors).
    /// - Complexity: amortised O(1).
    mutating func append(_ serial: Int, _ row: ExecutorRow, linkedInto list: inout ExecutorList) {
        if count == 0 {
            slots.removeAll(keepingCapacity: true)
            base = serial
            head = 0
        }
        while base + slots.count < serial {
            slots.append(nil)
        }
        slots.append(row)
        if row.traits.storedType == nil { executors[serial] = row.executor }
        count += 1
        link(serial, into: &list)
    }

    /// Holds the executor `serial` no more.
    /// - Complexity: amortised O(1).
    mutating func remove(_ serial: Int) {
        let i = serial - base
        guard i >= head, i < slots.count, slots[i] != nil else { return }
        slots[i] = nil
        if !executors.isEmpty { executors[serial] = nil }
        count -= 1
        while head < slots.count, slots[head] == nil { head += 1 }
        if head > 64, head * 2 > slots.count {
            slots.removeFirst(head)
            base += head
            head = 0
        }
    }

    /// Drops every executor.
    mutating func removeAll() {
        slots = []
        executors = [:]
        head = 0
        count = 0
    }

    /// The executors held, in serial order, as apps and tracers see them, with their targets.
    /// - Complexity: O(executors made since the oldest held one).
    var shownHeld: [(executor: any Executor, target: MotionTarget)] {
        slots[head...].compactMap { slot in
            slot.map { ($0.traits.shown($0.executor, on: $0.targetRecord.target), $0.targetRecord.target) }
        }
    }

    /// The held executors at rest, in serial order, each with the time it came to rest.
    /// - Complexity: O(executors made since the oldest held one).
    var restingEntries: [(serial: Int, since: Double)] {
        slots.indices[head...].compactMap { i in slots[i]?.restingSince.map { (base + i, $0) } }
    }

    // MARK: A target's executors

    /// The executor of the type `type` in `list`, or nil.
    /// - Complexity: O(executors of the target).
    func first(ofType type: ObjectIdentifier, in list: ExecutorList) -> HeldExecutor? {
        var serial = list.first
        while serial != 0, let row = self[serial] {
            if row.traits.type == type { return HeldExecutor(serial: serial, executor: row.executor, traits: row.traits) }
            serial = row.nextOnTarget
        }
        return nil
    }

    /// Adds the executor `serial`, held and in no list, last to `list`.
    /// - Complexity: O(1).
    private mutating func link(_ serial: Int, into list: inout ExecutorList) {
        if list.last != 0 { update(list.last) { $0.nextOnTarget = serial } } else { list.first = serial }
        list.last = serial
    }

    /// Removes the executor `serial` from `list`, if the list has it.
    /// - Complexity: O(executors of the target).
    mutating func unlink(_ serial: Int, from list: inout ExecutorList) {
        var previous = 0
        var current = list.first
        while current != 0, current != serial { (previous, current) = (current, self[current]?.nextOnTarget ?? 0) }
        guard current != 0 else { return }
        let next = self[serial]?.nextOnTarget ?? 0
        if previous != 0 { update(previous) { $0.nextOnTarget = next } } else { list.first = next }
        if list.last == serial { list.last = previous }
        update(serial) { $0.nextOnTarget = 0 }
    }

    /// The serials in `list`, in creation order.
    func serials(in list: ExecutorList) -> [Int] {
        var all: [Int] = []
        var serial = list.first
        while serial != 0, let next = self[serial]?.nextOnTarget {
            all.append(serial)
            serial = next
        }
        return all
    }
}

/// The target records a runtime holds, found without hashing: each target keeps the slot of
/// its record (``MotionTarget/runtimeSlot``), with the table's epoch, an object the target holds
/// so that no later table can have its identity.
///
/// A target keeps one slot: a target also held by another runtime is found by hash.
/// ``removeAll()`` starts a new epoch, so that the slots every target keeps are stale at once.
struct TargetTable {
    private var slots: [TargetRecord?] = []
    /// Free slots, reused first.
    private var free: [Int] = []
    /// Records of targets whose slot another runtime keeps.
    private var others: [ObjectIdentifier: TargetRecord] = [:]
    private var epoch = TargetTableEpoch()
    /// How many targets are held.
    private(set) var count = 0

    /// The record of `target`, or nil.
    /// - Complexity: O(1).
    subscript(target: MotionTarget) -> TargetRecord? {
        if target.runtimeEpoch === epoch { return slots[target.runtimeSlot] }
        return others.isEmpty ? nil : others[ObjectIdentifier(target)]
    }

    /// Whether `record` is the one held for its target.
    func holds(_ record: TargetRecord) -> Bool {
        self[record.target] === record
    }

    /// Holds `record`, for a target that has none here.
    mutating func insert(_ record: TargetRecord) {
        count += 1
        let target = record.target
        if let claimed = target.runtimeEpoch, claimed.isCurrent {
            others[ObjectIdentifier(target)] = record
            return
        }
        let slot = free.popLast() ?? slots.count
        if slot == slots.count { slots.append(record) } else { slots[slot] = record }
        target.runtimeEpoch = epoch
        target.runtimeSlot = slot
    }

    /// Drops `record`, one this table holds.
    mutating func remove(_ record: TargetRecord) {
        count -= 1
        let target = record.target
        guard target.runtimeEpoch === epoch else {
            others[ObjectIdentifier(target)] = nil
            return
        }
        slots[target.runtimeSlot] = nil
        free.append(target.runtimeSlot)
        target.runtimeEpoch = nil
    }

    /// Drops every record: the slots targets keep go stale with the epoch.
    mutating func removeAll() {
        retire()
        epoch = TargetTableEpoch()
        slots = []
        free = []
        others = [:]
        count = 0
    }

    /// Lets other tables take the slots of this one's targets (when its runtime goes).
    func retire() {
        epoch.isCurrent = false
    }
}

/// The identity of a ``TargetTable``'s epoch; not current once the table dropped its records.
final class TargetTableEpoch {
    var isCurrent = true
}

/// Executors in the order they came to rest, with the time each did: a queue with a moving head.
struct RestQueue {
    private var entries: [(serial: Int, since: Double)] = []
    private var head = 0

    /// A queue of the executors at rest in `entries`, oldest rest first.
    init(_ entries: [(serial: Int, since: Double)]) {
        self.entries = entries.sorted { ($0.since, $0.serial) < ($1.since, $1.serial) }
    }

    /// The oldest entry.
    var first: (serial: Int, since: Double)? { head < entries.count ? entries[head] : nil }

    /// Drops the oldest entry; the storage is compacted once the head passes half of it.
    mutating func removeFirst() {
        head += 1
        if head > 64, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// Queues the executor `serial`, which came to rest at `since` (now).
    mutating func append(serial: Int, since: Double) {
        entries.append((serial, since))
    }
}

/// The service protocols an executor type adopts, asked once per type, each as its metatype.
///
/// An instance's dynamic cast to a protocol its class does not adopt searches the conformances
/// of the class and of each superclass, and one it adopts costs a cached search; the runtime
/// makes no cast: each service's metatype is found once per type, from the type's own
/// conformance, and an executor made by that type's `init(target:)`, so of exactly that type, is
/// used as that type (the calls in the extension below). For a ``StoredExecutor`` type the
/// metatypes are of its core type, for the services both types adopt.
///
/// Metatypes rather than a closure per service: a service is called through the type's witness
/// table, with no closure context to load and count, no reabstraction thunk, and no existential
/// returned (which counted the executor once more per call).
///
/// An object, so that finding a type's traits for each executor made counts one reference, not
/// one per service.
final class ExecutorTraits {
    /// The executor type's identity.
    let type: ObjectIdentifier
    let planEmitting: (any PlanEmitting.Type)?
    let continuous: (any ContinuousExecuting.Type)?
    let clockReading: (any ClockReading.Type)?
    let frameDriven: (any FrameDriven.Type)?
    let named: (any NamedIntentionExecuting.Type)?
    /// For a continuous executor that keeps a ``TokenLedger`` (the built-in cores): the ledger
    /// takes its token source in place of an ``ActivityTokenGenerator``.
    let ledgerOwner: (any TokenLedgerOwner.Type)?
    /// Whether executors of the type are ``StoredExecutor``s, made again after garbage collection.
    let stored: Bool
    /// Whether the type takes named intentions (``RuntimeError/check(namedExecutorOf:)``).
    let takesNames: Bool
    /// The type, when the runtime runs its executors as their cores.
    let storedType: (any StoredExecutorType.Type)?
    /// Whether its executors (or cores) see through a ``SharedIntention``: any other is handed
    /// the intention's value.
    let readsShared: Bool

    init(_ type: any Executor.Type) {
        self.type = ObjectIdentifier(type)
        stored = type is any StoredExecutorProtocol.Type
        takesNames = type is any NamedIntentionExecuting.Type
        storedType = type as? any StoredExecutorType.Type
        // A handle forwards a service to its core only if the core adopts it too.
        let core = storedType?.coreType ?? type
        readsShared = core is any SharedIntentionReading.Type
        func both<P>(_: P.Type) -> P? { type is P ? core as? P : nil }
        planEmitting = both((any PlanEmitting.Type).self)
        continuous = both((any ContinuousExecuting.Type).self)
        clockReading = both((any ClockReading.Type).self)
        frameDriven = both((any FrameDriven.Type).self)
        named = both((any NamedIntentionExecuting.Type).self)
        ledgerOwner = continuous == nil ? nil : core as? any TokenLedgerOwner.Type
    }

    /// An executor of the type as apps and tracers see it: a stored executor's core shows as a
    /// handle of its type (made for the occasion).
    func shown(_ executor: any Executor, on target: MotionTarget) -> any Executor {
        storedType?.handle(on: executor, target: target) ?? executor
    }
}

/// The services' calls, each on an executor of exactly the type one of the traits' metatypes
/// names: the metatype passed is opened, so the executor is used as that type without a cast,
/// and the call goes through the type's witness table.
extension ExecutorTraits {
    static func setPlanEmitter<Service: PlanEmitting>(
        _ emitter: PlanEmitter, on executor: any Executor, as _: Service.Type
    ) {
        unsafeDowncast(executor, to: Service.self).setPlanEmitter(emitter)
    }

    static func setActivityTokenGenerator<Service: ContinuousExecuting>(
        _ generator: ActivityTokenGenerator, on executor: any Executor, as _: Service.Type
    ) {
        unsafeDowncast(executor, to: Service.self).setActivityTokenGenerator(generator)
    }

    /// Gives the executor's ledger `source`; returns the source it replaces, for the caller to
    /// drop after the access (see ``TokenLedgerOwner``).
    static func replaceTokenSource<Service: TokenLedgerOwner>(
        with source: consuming TokenSource, on executor: any Executor, as _: Service.Type
    ) -> TokenSource? {
        unsafeDowncast(executor, to: Service.self).ledger.replaceSource(with: source)
    }

    static func setClock<Service: ClockReading>(_ clock: RuntimeClockReader, on executor: any Executor, as _: Service.Type) {
        unsafeDowncast(executor, to: Service.self).setClock(clock)
    }

    static func setFrameRequester<Service: FrameDriven>(
        _ requester: FrameRequester, on executor: any Executor, as _: Service.Type
    ) {
        unsafeDowncast(executor, to: Service.self).setFrameRequester(requester)
    }

    static func update<Service: FrameDriven>(_ executor: any Executor, elapsed: Double, as _: Service.Type) -> ActivityState {
        unsafeDowncast(executor, to: Service.self).update(elapsed: elapsed)
    }

    static func add<Service: NamedIntentionExecuting>(
        _ intention: any NamedIntention, named name: String, to executor: any Executor, as _: Service.Type
    ) {
        unsafeDowncast(executor, to: Service.self).add(intention, named: name)
    }

    static func removeIntention<Service: NamedIntentionExecuting>(
        named name: String, from executor: any Executor, as _: Service.Type
    ) {
        unsafeDowncast(executor, to: Service.self).removeIntention(named: name)
    }
}

/// The runtime's bookkeeping for one executor: a row of its ``ExecutorTable``, by serial.
///
/// Plain data (its references count nothing), so that reading, copying and dropping a row
/// retains and releases nothing.
struct ExecutorRow {
    /// What the runtime calls: the executor, or a stored executor's core, `unowned(unsafe)`: the
    /// table keeps it while it holds the row.
    unowned(unsafe) let executor: any Executor
    /// What the executor's type adopts, `unowned(unsafe)`: the runtime keeps every type's traits
    /// for its life, which the row does not outlast. The views are made from it when used, so
    /// that a row holds its executor once, not once per view.
    unowned(unsafe) let traits: ExecutorTraits
    /// The record of the executor's target, `unowned(unsafe)`: it holds this row's serial in its
    /// list while the runtime holds the row, and outlives it (a target is forgotten only once it
    /// has no executor; ``Runtime/tearDown()`` drops the rows first).
    unowned(unsafe) let targetRecord: TargetRecord
    /// The serial of the next executor of the same target, 0 for none (see ``ExecutorList``).
    var nextOnTarget = 0
    /// How many of its tokens have not ended.
    var tokenCount = 0
    var namedCount = 0
    var lastUpdateTime: Double?
    var restingSince: Double?
    var wantsFrames = false
    var framesRequestedDuringUpdate = false

    init(executor: any Executor, traits: ExecutorTraits, targetRecord: TargetRecord, now: Double) {
        self.executor = executor
        self.traits = traits
        self.targetRecord = targetRecord
        self.restingSince = now
    }

    var isActive: Bool { wantsFrames || tokenCount > 0 }

    /// Applies `body` to the row in place (through optional chaining, a row in its table's slot).
    mutating func change<Result>(_ body: (inout ExecutorRow) -> Result) -> Result {
        body(&self)
    }

    /// Whether the executor is frame-driven.
    var isFrameDriven: Bool { traits.frameDriven != nil }
}

/// An executor the runtime holds, as a lookup finds it: its serial, and what it is called through.
struct HeldExecutor {
    let serial: Int
    /// The executor, or a stored executor's core.
    let executor: any Executor
    /// Its type's traits (see ``ExecutorRow/traits``).
    unowned(unsafe) let traits: ExecutorTraits
}

/// The runtime's bookkeeping for one target.
final class TargetRecord {
    let target: MotionTarget
    // Unchecked: values only, accessed under the rules of `Runtime`'s tables (Runtime.swift).
    /// The target's executors, in creation order.
    @exclusivity(unchecked) var executors = ExecutorList()
    @exclusivity(unchecked) var named = NameTable()
    @exclusivity(unchecked) var activeExecutorCount = 0
    // Unchecked as the runtime's observer lists are: read whole, called on a copy; a removal's
    // caller holds what it removes.
    @exclusivity(unchecked) var observers: [ActivityObserver] = []
    /// Observers of named intentions' activity, by name.
    @exclusivity(unchecked) var planObservers: [String: [ActivityObserver]] = [:]

    init(target: MotionTarget) {
        self.target = target
    }

    var isEmpty: Bool { executors.isEmpty && named.isEmpty && observers.isEmpty && planObservers.isEmpty }
}

/// A target's executors in creation order, by serial, linked through
/// ``ExecutorRow/nextOnTarget`` in the runtime's ``ExecutorTable`` (which walks it): a target has
/// a few (one per executor type), and a list of them allocates nothing. 0 stands for none.
struct ExecutorList {
    var first = 0
    var last = 0

    var isEmpty: Bool { first == 0 }
}

/// A target's intention names, each with the serial of the executor holding it: the first in
/// place (a target mostly holds one name), any others in a table.
struct NameTable {
    private var firstName: String?
    private var firstSerial = 0
    private var others: [String: Int] = [:]

    /// The serial of the executor holding `name`; setting nil removes the name.
    /// - Complexity: O(1) expected.
    subscript(name: String) -> Int? {
        get { firstName == name ? firstSerial : others.isEmpty ? nil : others[name] }
        set {
            if firstName == name {
                if let newValue { firstSerial = newValue } else { firstName = nil }
            } else if let newValue, firstName == nil, others[name] == nil {
                firstName = name
                firstSerial = newValue
            } else if newValue != nil || !others.isEmpty {
                others[name] = newValue
            }
        }
    }

    /// Removes `name`; returns the serial it had.
    mutating func removeValue(forKey name: String) -> Int? {
        let serial = self[name]
        if serial != nil { self[name] = nil }
        return serial
    }

    var isEmpty: Bool { firstName == nil && others.isEmpty }

    /// The names, in no particular order.
    var names: [String] { (firstName.map { [$0] } ?? []) + others.keys }

    /// The names and serials, in no particular order.
    var entries: [(name: String, serial: Int)] {
        (firstName.map { [($0, firstSerial)] } ?? []) + others.map { ($0.key, $0.value) }
    }
}
