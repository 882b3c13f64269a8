import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

/// A value together with where the document wrote it.
public struct Located<Value: Sendable>: Sendable {
    /// The value as decoded.
    public var value: Value
    /// Where it was written, packed (16 bytes, not 32: a document holds one per target and two
    /// per operation).
    private var packedRange: PackedSourceRange

    /// Pairs `value` with the place it was written.
    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.packedRange = PackedSourceRange(range)
    }

    /// Where it was written, for diagnostics that point at it.
    public var range: SourceRange {
        get { packedRange.range }
        set { packedRange = PackedSourceRange(newValue) }
    }
}

/// A source range in four 32-bit fields, for ranges a decoded document keeps by the thousand.
///
/// Lines and columns of any input fit (inputs are below 2^29 bytes); a larger number, which only
/// code can write, is clamped.
package struct PackedSourceRange: Sendable, Hashable {
    var startLine: UInt32
    var startColumn: UInt32
    var endLine: UInt32
    var endColumn: UInt32

    /// Packs `range`.
    @inline(__always)
    package init(_ range: SourceRange) {
        startLine = UInt32(clamping: range.start.line)
        startColumn = UInt32(clamping: range.start.column)
        endLine = UInt32(clamping: range.end.line)
        endColumn = UInt32(clamping: range.end.column)
    }

    /// The range.
    @inline(__always)
    package var range: SourceRange {
        SourceRange(
            start: SourcePosition(line: Int(startLine), column: Int(startColumn)),
            end: SourcePosition(line: Int(endLine), column: Int(endColumn)))
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// A decoded motion document (docs/format.md §1): canvas, target tree, transactions and inputs.
public struct MotionDocument: Sendable {
    /// The file the document came from, as the user named it.
    public var file: String
    /// The document's name: `name:` or the file's stem.
    public var name: String
    /// What the render server draws on: `canvas:`, or the defaults.
    public var canvas: Canvas
    /// The target tree, flattened in document pre-order; `parent` indices point into it.
    public var targets: [TargetNode] {
        didSet { decodedTargetIndex = nil }
    }
    /// The decoder's id index, kept while ``targets`` is as decoded so ``targetIDIndex`` need not
    /// build it again.
    var decodedTargetIndex: TargetIDIndex?
    /// Transactions in document order.
    public var transactions: [TransactionSpec]
    /// Synthetic gesture inputs.
    public var inputs: [InputSpec]
    /// Where decoded operations wrote the keys diagnostics point at: each op's slice is
    /// `keyStart..<keyStart + keyCount` (``range(of:in:)``). The YAML tree is not kept: most of
    /// its nodes are gone before decoding ends.
    package var operationKeyRanges: [OperationKeyRange] = []
    /// What ops do when motion is reduced, unless they say (`reducedMotion:`, docs/format.md §7.7).
    public var reducedMotion = ReducedMotion.keep

    /// Creates a document in code; the defaults are an empty document on the default canvas.
    public init(
        file: String, name: String, canvas: Canvas = Canvas(), targets: [TargetNode] = [],
        transactions: [TransactionSpec] = [], inputs: [InputSpec] = []
    ) {
        self.file = file
        self.name = name
        self.canvas = canvas
        self.targets = targets
        self.transactions = transactions
        self.inputs = inputs
    }

    /// Where the value of `key` in `operation` was written; else the op's head.
    ///
    /// Only the keys diagnostics point at are kept (`stiffness`, `mass`, `damping`, `threshold`,
    /// `coefficient`, `gesture`, `values`, `offsets`, `easing`, `backwardEasing`, `stagger`, `by`
    /// (for a `properties:` tween, the `by` of the op's own property), and `source.target` for a
    /// link's source selector); any other key gives the head.
    /// - Complexity: O(keys the op wrote of those).
    public func range(of key: String, in operation: OperationSpec) -> SourceRange {
        guard let wanted = OperationKeyRange.Key(rawValue: key) else { return operation.head }
        let start = Int(operation.keyStart)
        let end = min(start + Int(operation.keyCount), operationKeyRanges.count)
        guard start < end else { return operation.head }
        for entry in operationKeyRanges[start..<end] where entry.key == wanted { return entry.range }
        return operation.head
    }

    /// The index of the target with `id`, if any.
    ///
    /// - Complexity: O(n) in the number of targets; build ``targetIndex`` for repeated lookups.
    public func target(withID id: String) -> Int? {
        targets.firstIndex { $0.id.value == id }
    }

    /// A dictionary from target id to its index.
    ///
    /// - Complexity: O(n) in the number of targets; validation uses `targetIDIndex`, which a
    ///   decoded document keeps.
    public var targetIndex: [String: Int] {
        var index = [String: Int](minimumCapacity: targets.count)
        // Backwards, so that where ids repeat the first target's index is written last: one
        // hashed write per target.
        for i in targets.indices.reversed() { index[targets[i].id.value] = i }
        return index
    }

    /// The target ids indexed (``TargetIDIndex/index(of:in:)`` with ``targets``).
    ///
    /// - Complexity: O(1) for a document as decoded (the decoder's index); else O(n) in the number
    ///   of targets.
    package var targetIDIndex: TargetIDIndex { decodedTargetIndex ?? TargetIDIndex(targets) }
}

/// One target of the tree: an id, a type and classes for selectors, and initial layer values.
public struct TargetNode: Sendable {
    /// The target's id (without `#`), unique across the whole tree.
    public var id: Located<String>
    /// The type name selectors match (`Photo`); default `Layer`.
    public var type: String
    /// The class names selectors match (`.elevated`).
    public var classes: [String]
    /// Initial model values the document sets, by property.
    ///
    /// - Complexity: O(values): built from `initialLayer` on each read (run and bake read it once
    ///   per target; validation never does).
    public var layer: [LayerProperty: MotionValue] {
        get { initialLayer.dictionary }
        set { initialLayer = LayerValues(newValue) }
    }
    /// ``layer``, packed.
    package var initialLayer: LayerValues
    /// Whether the layer is drawn as a rectangle or an ellipse.
    public var shape: LayerShape
    /// The parent's index in ``MotionDocument/targets``, nil at the top level.
    public var parent: Int? {
        get { packedParent < 0 ? nil : Int(packedParent) }
        set { packedParent = newValue.map { Int32(clamping: $0) } ?? -1 }
    }
    /// How deep the target sits: 0 at the top level.
    public var depth: Int {
        get { Int(packedDepth) }
        set { packedDepth = Int32(clamping: newValue) }
    }
    // Parent and depth in 32 bits: a document has fewer than 2^29 targets (each takes bytes of
    // the input), and a target is kept per target of the document.
    private var packedParent: Int32
    private var packedDepth: Int32

    /// Creates a target in code; the defaults are a top-level `Layer` rectangle at its defaults.
    public init(
        id: Located<String>, type: String = "Layer", classes: [String] = [], layer: [LayerProperty: MotionValue] = [:],
        shape: LayerShape = .rect, parent: Int? = nil, depth: Int = 0
    ) {
        self.id = id
        self.type = type
        self.classes = classes
        self.initialLayer = LayerValues(layer)
        self.shape = shape
        self.packedParent = parent.map { Int32(clamping: $0) } ?? -1
        self.packedDepth = Int32(clamping: depth)
    }

    /// The model value of `property`: the document's, or the property's default.
    public func initialValue(_ property: LayerProperty) -> MotionValue {
        initialLayer.value(of: property) ?? property.defaultValue
    }
}

/// A transaction: operations committed together at one time on the runtime clock.
public struct TransactionSpec: Sendable {
    /// Seconds on the runtime clock.
    public var at: Located<Double>
    /// The `label:` the document gives it, shown in traces and diagnostics.
    public var label: String?
    /// The operations, committed together in this order.
    public var operations: [OperationSpec]
    /// Where the transaction's item starts.
    public var range: SourceRange
    /// The input whose end commits the transaction, for `at: {release: INPUT, offset}` (docs/format.md §7.6).
    ///
    /// The transaction commits ``releaseOffset`` seconds after the input ends; `at` then holds that
    /// time once the input is known.
    public var release: Located<String>?
    /// Seconds after the ``release`` input ends that the transaction commits.
    public var releaseOffset = 0.0

    /// Creates a transaction in code.
    public init(at: Located<Double>, label: String? = nil, operations: [OperationSpec] = [], range: SourceRange) {
        self.at = at
        self.label = label
        self.operations = operations
        self.range = range
    }
}

/// One operation of a transaction: add an intention (maybe by name) or remove a named plan.
public struct OperationSpec: Sendable {
    /// What the operation does.
    public enum Action: Sendable {
        /// `add: TYPE`, with the intention's parameters and an optional name.
        case add(PlannedIntention, name: Located<String>?)
        /// `remove: NAME`.
        case remove(name: Located<String>)
    }

    // The small fields come right after `action`, in the bytes its payload leaves before the
    // next 8-byte boundary: an operation is kept per op of the document.

    /// Whether the operation adds an intention or removes a named plan.
    public var action: Action
    /// How many of the op's keys ``MotionDocument/operationKeyRanges`` holds.
    package var keyCount: UInt8 = 0
    /// Whether `target` was written plain (not quoted, not a block scalar): selector columns
    /// count from its first character.
    package var targetIsPlain = true
    /// `reducedMotion:` (docs/format.md §7.7), when the op gives it.
    public var reducedMotion: ReducedMotion?
    /// Where the op's keys start in ``MotionDocument/operationKeyRanges``; 0 and ``keyCount`` 0
    /// for operations built in code.
    package var keyStart: UInt32 = 0
    /// The target selector text.
    public var target: Located<String>
    /// The `add:` or `remove:` value: the type or the name, where diagnostics about it point.
    public var head: SourceRange {
        get { packedHead.range }
        set { packedHead = PackedSourceRange(newValue) }
    }
    /// ``head``, packed.
    private var packedHead: PackedSourceRange
    /// `stagger` and `staggerFrom` (docs/format.md §7.1), when the op gives them.
    public var stagger: Stagger?

    /// Creates an operation in code.
    public init(action: Action, target: Located<String>, head: SourceRange) {
        self.action = action
        self.target = target
        self.packedHead = PackedSourceRange(head)
    }

    /// The name the op adds or removes, if any.
    public var name: Located<String>? {
        switch action {
        case .add(_, let name): name
        case .remove(let name): name
        }
    }

    /// The type of the intention the op adds; nil for a `remove:`.
    ///
    /// Read from the op itself: unlike ``intention``, it does not touch the intention's box, which
    /// a walk over a large document's ops would otherwise fetch from memory once per op. (Not
    /// inlinable: inlined, the caller copied the op's action, retaining the box.)
    public var addedType: IntentionType? {
        if case .add(let intention, _) = action { return intention.typeName }
        return nil
    }

    /// The intention the op adds, if it adds one.
    public var intention: PlannedIntention? {
        if case .add(let intention, _) = action { return intention }
        return nil
    }
}

/// A synthetic gesture input (`inputs:`), for run and bake.
public struct InputSpec: Sendable {
    /// The input's id, which gestures and releases name.
    public var id: Located<String>
    /// The gesture the input records: pan, pinch or rotate.
    public var kind: InputKind
    /// The target selector text.
    public var target: Located<String>
    /// Seconds on the runtime clock when the gesture begins.
    public var at: Double
    /// Seconds the gesture lasts.
    public var duration: Double
    /// The samples, spaced evenly over the duration.
    ///
    /// They are points for pan, factors for pinch, degrees for rotate.
    public var samples: [MotionValue]
    /// Where `kind` was written.
    public var kindRange: SourceRange
    /// Whether `target` was written plain (not quoted, not a block scalar).
    package var targetIsPlain = true

    /// Creates an input in code.
    public init(
        id: Located<String>, kind: InputKind, target: Located<String>, at: Double, duration: Double,
        samples: [MotionValue], kindRange: SourceRange
    ) {
        self.id = id
        self.kind = kind
        self.target = target
        self.at = at
        self.duration = duration
        self.samples = samples
        self.kindRange = kindRange
    }

    /// The time the gesture ends.
    public var end: Double { Seconds.sum(at, duration) }
}

/// Where an operation wrote one of the keys diagnostics point at, kept after decoding.
package struct OperationKeyRange: Sendable {
    /// The keys kept: those validation points at, and a link's `source` `target`.
    package enum Key: String, CaseIterable, Sendable {
        case coefficient, stiffness, mass, damping, threshold, gesture, values, offsets, easing, backwardEasing, stagger, by
        /// The `target` of a link's `source:` mapping.
        case sourceTarget = "source.target"
    }

    /// Which key.
    package var key: Key
    /// The range, 1-based.
    var packedRange: PackedSourceRange

    /// Keeps where `key`'s value was written.
    package init(key: Key, range: SourceRange) {
        self.key = key
        packedRange = PackedSourceRange(range)
    }

    /// Where the value was written.
    package var range: SourceRange { packedRange.range }
}
