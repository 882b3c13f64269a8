import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionSelectors
import MotionYAML

/// Decodes a YAML tree into a ``MotionDocument``, reporting D001-D009 (and the structural W005
/// case) along the way.
///
/// Decoding reads the compact node arena directly: no intermediate dictionaries, no Codable.
/// - Complexity: O(nodes) for the whole document.
struct DocumentDecoder {
    var context: DecodingContext
    var document: MotionDocument
    /// Target ids seen so far, with the index of the target that holds them.
    var seenTargets = TargetIDIndex()
    /// Packs the targets' `layer:` values into shared blocks.
    var layerWriter = LayerValueWriter()
    /// Scratch for one target's packed layer values.
    var layerWords: [Double] = []
    /// The ops after the first that the last decoded op stands for (a `properties:` tween).
    var companionOperations: [OperationSpec] = []
    /// Where the last decoded op and its companions wrote their `by:` changes, if any.
    ///
    /// A `properties:` tween's ``ParameterReader/changeRanges``.
    var companionChangeRanges: [SourceRange?] = []
    /// Ops decoded while the document was read, by the index of their `ops` sequence.
    var streamedOperations: [UInt32: StreamedOperations] = [:]
    /// Top-level targets decoded while the document was read (their pairs come first in `targets`).
    var streamedTargets: StreamedTargets?
    /// The kept keys (``OperationKeyRange``) of the add op being read, a buffer reused by each op.
    var keptScratch: [(OperationKeyRange.Key, YAMLNodeID)] = []

    static let topLevelKeys = ["motion", "name", "canvas", "targets", "transactions", "inputs", "reducedMotion"]
    static let canvasKeys = ["size", "background", "fps"]
    /// The keys of a target, in `targetKeys` order.
    enum TargetKey: String, CaseIterable {
        case type, `class`, layer, children
    }
    static let targetKeyCases = TargetKey.allCases
    static let targetKeys = targetKeyCases.map(\.rawValue)
    static let transactionKeys = ["at", "label", "ops"]
    static let inputKeys = ["id", "kind", "target", "at", "duration", "translation", "scale", "angle"]
    static let layerProperties = LayerProperty.allCases
    static let layerKeys = layerProperties.map(\.rawValue)
    /// The largest canvas the render server draws, in points per side.
    static let maximumCanvasSide = 8192.0
    /// The highest frame rate run, play and render accept.
    static let maximumFPS = 1000.0

    init(tree: YAMLTree, file: String, name: String, source: [UInt8] = []) {
        context = DecodingContext(tree: tree, file: file, source: source)
        document = MotionDocument(file: file, name: name)
    }

    var tree: YAMLTree { context.tree }

    // MARK: Document

    mutating func decode() -> MotionDocument {
        guard let root = tree.root else {
            context.report(.D001, "the document is empty; it needs `motion: 1`", at: .fileStart)
            return document
        }
        guard tree.kind(root) == .mapping else {
            context.report(
                .D001, "a motion document is a mapping that starts with `motion: 1`, found \(context.describe(root))",
                at: context.range(root))
            return document
        }
        var sawVersion = false
        context.forEachPair(in: root, known: Self.topLevelKeys, context: "the document") { ctx, key, pair in
            switch key {
            case "motion":
                sawVersion = true
                if ctx.tree.kind(pair.value) != .scalar || ctx.tree.double(pair.value) != 1 {
                    ctx.report(
                        .D001, "unsupported format version: found \(ctx.describe(pair.value)); this motionc reads `motion: 1`",
                        at: ctx.range(pair.value))
                }
            case "name":
                if let name = ctx.string(pair.value, for: "name") { document.name = name }
            case "reducedMotion":
                if let text = ctx.choice(pair.value, for: "reducedMotion", ReducedMotion.allCases.map(\.rawValue)),
                    let mode = ReducedMotion(rawValue: text)
                {
                    document.reducedMotion = mode
                }
            default:
                break
            }
        }
        if !sawVersion {
            context.report(.D001, "`motion: 1` is missing: every motion document starts with its format version", at: context.range(root))
        }
        // Targets first: transactions and inputs refer to them.
        for pair in tree.pairs(root) where tree.kind(pair.key) == .scalar {
            switch tree.string(pair.key) {
            case "canvas": decodeCanvas(pair.value)
            case "targets": decodeTargets(pair.value, parent: nil, depth: 0)
            default: break
            }
        }
        for pair in tree.pairs(root) where tree.kind(pair.key) == .scalar {
            switch tree.string(pair.key) {
            case "transactions": decodeTransactions(pair.value)
            case "inputs": decodeInputs(pair.value)
            default: break
            }
        }
        document.transactions = Self.placingReleases(document.transactions, inputs: document.inputs)
        document.decodedTargetIndex = seenTargets
        return document
    }

    // MARK: Canvas

    mutating func decodeCanvas(_ node: YAMLNodeID) {
        guard context.expectMapping(node, for: "canvas", allowNull: true) else { return }
        context.forEachPair(in: node, known: Self.canvasKeys, context: "`canvas`") { ctx, key, pair in
            switch key {
            case "size":
                guard let size = ctx.numbers(pair.value, count: 2, for: "size", expected: "a size [width, height]", bounded: false) else {
                    return
                }
                // At least a point a side: a smaller canvas has no pixel to draw or export.
                guard size.allSatisfy({ $0 >= 1 && $0 <= Self.maximumCanvasSide }) else {
                    ctx.report(
                        .D005, "canvas sides must be at least 1 and at most \(Int(Self.maximumCanvasSide)) points",
                        at: ctx.range(pair.value))
                    return
                }
                document.canvas.width = size[0]
                document.canvas.height = size[1]
            case "background":
                if let color = ctx.color(pair.value, for: "background") { document.canvas.background = color }
            case "fps":
                guard let fps = ctx.number(pair.value, for: "fps", bounded: false) else { return }
                guard fps > 0, fps <= Self.maximumFPS else {
                    ctx.report(
                        .D005, "`fps` must be greater than 0 and at most \(Int(Self.maximumFPS)), found \(DecodingContext.format(fps))",
                        at: ctx.range(pair.value))
                    return
                }
                document.canvas.fps = fps
            default:
                break
            }
        }
    }

    // MARK: Targets

    /// Whether `id` is a valid target id, type name or class name.
    ///
    /// The rule is the selectors' own (``Selector/isIdentifier(_:)``: one or more Unicode letters,
    /// ASCII digits, `_` or `-`, in any order), so that every valid id can be selected with `#id`
    /// and every id a selector can spell can be declared (`item-1`, `1st`, `_x`, `-x`), plus one
    /// restriction: not ASCII digits only. A key such as `1` or `01` reads as a number in YAML, and
    /// `01` and `1` would be two different ids that look like the same number.
    static func isValidIdentifier(_ id: String) -> Bool {
        Selector.isIdentifier(id) && !id.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    mutating func decodeTargets(_ node: YAMLNodeID, parent: Int?, depth: Int) {
        let key = parent == nil ? "targets" : "children"
        guard context.expectMapping(node, for: key, allowNull: true) else { return }
        var decodedEarlier = 0
        if parent == nil, let streamed = streamedTargets, streamed.mapping == node.index {
            // Taken, not copied.
            streamedTargets = nil
            document.targets = streamed.targets
            seenTargets = streamed.seen
            context.diagnostics += streamed.diagnostics
            decodedEarlier = streamed.pairs
        }
        for pair in tree.pairs(node).dropFirst(decodedEarlier) {
            decodeTarget(pair, parent: parent, depth: depth)
        }
    }

    /// One pair of `targets` or `children`: the id, then the target.
    mutating func decodeTarget(_ pair: YAMLPair, parent: Int?, depth: Int) {
        guard tree.kind(pair.key) == .scalar, !tree.isNull(pair.key) else {
            context.report(.D006, "a target id must be a plain name, found \(context.describe(pair.key))", at: context.range(pair.key))
            return
        }
        let id = tree.string(pair.key)
        let idRange = context.range(pair.key)
        guard Self.isValidIdentifier(id) else {
            context.report(
                .D006, "invalid target id \"\(id)\": ids hold letters, digits, `_` and `-`, and are not only digits",
                at: idRange)
            return
        }
        let index = document.targets.count
        if let first = seenTargets.index(of: id, orInsertingAt: index, in: document.targets) {
            context.report(
                .D006, "duplicate target id \"\(id)\": ids are unique across the whole tree", at: idRange,
                notes: [DiagnosticNote("\"\(id)\" is first defined here", at: document.targets[first].id.range)])
            return
        }
        document.targets.append(TargetNode(id: Located(id, at: idRange), parent: parent, depth: depth))
        decodeTarget(pair.value, index: index, depth: depth)
    }

    mutating func decodeTarget(_ node: YAMLNodeID, index: Int, depth: Int) {
        guard context.expectMapping(node, for: document.targets[index].id.value, allowNull: true) else { return }
        var target = document.targets[index]
        var childrenNode: YAMLNodeID?
        // Moved out for the closure, which cannot reach `self` while `context` is in use.
        var layerWords = self.layerWords
        var layerWriter = self.layerWriter
        defer {
            self.layerWords = layerWords
            self.layerWriter = layerWriter
        }
        context.forEachKnownPair(in: node, known: Self.targetKeys, context: "a target") { ctx, index, pair in
            switch Self.targetKeyCases[index] {
            case .type:
                guard let type = ctx.string(pair.value, for: "type") else { return }
                guard Self.isValidIdentifier(type) else {
                    ctx.report(.D003, "`type` expects a type name such as Photo, found \"\(type)\"", at: ctx.range(pair.value))
                    return
                }
                target.type = type
            case .class:
                target.classes = Self.decodeClasses(pair.value, ctx: &ctx)
            case .layer:
                layerWords.removeAll(keepingCapacity: true)
                target.shape = Self.decodeLayer(pair.value, into: &layerWords, ctx: &ctx)
                target.initialLayer = layerWriter.append(layerWords)
            case .children:
                childrenNode = pair.value
            }
        }
        document.targets[index] = target
        if let childrenNode { decodeTargets(childrenNode, parent: index, depth: depth + 1) }
    }

    /// `class:` as one name or a list of names.
    static func decodeClasses(_ node: YAMLNodeID, ctx: inout DecodingContext) -> [String] {
        let tree = ctx.tree
        guard tree.kind(node) == .sequence else {
            return decodeClass(node, ctx: &ctx).map { [$0] } ?? []
        }
        var classes: [String] = []
        classes.reserveCapacity(tree.count(node))
        for item in tree.items(node) {
            if let name = decodeClass(item, ctx: &ctx) { classes.append(name) }
        }
        return ctx.sharedLists.classes.share(classes)
    }

    /// One class name.
    static func decodeClass(_ item: YAMLNodeID, ctx: inout DecodingContext) -> String? {
        guard let name = ctx.string(item, for: "class") else { return nil }
        guard isValidIdentifier(name) else {
            ctx.report(.D003, "`class` expects class names such as elevated, found \"\(name)\"", at: ctx.range(item))
            return nil
        }
        return name
    }

    /// A target's `layer:` mapping: its initial model values, appended to `words` as
    /// ``LayerValues`` packs them, and the shape it returns.
    static func decodeLayer(_ node: YAMLNodeID, into words: inout [Double], ctx: inout DecodingContext) -> LayerShape {
        guard ctx.expectMapping(node, for: "layer", allowNull: true) else { return .rect }
        var seen: UInt16 = 0
        var shape = LayerShape.rect
        ctx.forEachKnownPair(
            in: node, known: layerKeys, context: "`layer`", unknownCode: .D009, extraHelp: { key, _, _ in ForeignNames.propertyHelp(key) }
        ) { ctx, index, pair in
            let property = layerProperties[index]
            let key = layerKeys[index]
            if property == .shape {
                if let text = ctx.choice(pair.value, for: "shape", LayerShape.allCases.map(\.rawValue)),
                    let decoded = LayerShape(rawValue: text)
                {
                    shape = decoded
                }
                return
            }
            guard let value = ctx.value(pair.value, for: PropertyPath(property), key: key) else { return }
            // A key given twice was reported; its last value stands, as a dictionary's would.
            if seen & (1 << property.ordinal) != 0 {
                var scratch = LayerValueWriter(blockWords: words.count)
                var earlier = scratch.append(words).dictionary
                earlier[property] = value
                words.removeAll(keepingCapacity: true)
                for p in LayerProperty.allCases { if let v = earlier[p] { LayerValues.append(v, of: p, to: &words) } }
            } else {
                LayerValues.append(value, of: property, to: &words)
            }
            seen |= 1 << property.ordinal
        }
        return shape
    }

    // MARK: Transactions

    mutating func decodeTransactions(_ node: YAMLNodeID) {
        guard let items = context.list(node, for: "transactions") else { return }
        for item in items {
            guard context.expectMapping(item, for: "transactions") else { continue }
            var transaction = TransactionSpec(at: Located(0, at: context.range(item)), range: context.range(item))
            var opsNode: YAMLNodeID?
            context.forEachPair(in: item, known: Self.transactionKeys, context: "a transaction") { ctx, key, pair in
                switch key {
                case "at" where ctx.tree.kind(pair.value) == .mapping:
                    Self.decodeRelease(pair.value, into: &transaction, &ctx)
                case "at":
                    if let at = ctx.duration(pair.value, for: "at") { transaction.at = Located(at, at: ctx.range(pair.value)) }
                case "label":
                    transaction.label = ctx.string(pair.value, for: "label")
                case "ops":
                    opsNode = pair.value
                default:
                    break
                }
            }
            let streamed = opsNode.flatMap { streamedOperations.removeValue(forKey: $0.index) }
            if let opsNode, let ops = context.list(opsNode, for: "ops", decodedEarlier: streamed?.items ?? 0) {
                if let streamed {
                    // Taken, not copied: the ops decoded while reading are most of the document.
                    transaction.operations = streamed.operations
                    context.diagnostics += streamed.diagnostics
                }
                if !ops.isEmpty { transaction.operations.reserveCapacity(transaction.operations.count + ops.count) }
                for op in ops {
                    decodeOperation(op, into: &transaction.operations)
                }
            }
            document.transactions.append(transaction)
        }
    }

    /// One item of `ops`, keeping where it wrote the keys diagnostics point at.
    ///
    /// Appends the op, and the companions it stands for, to `operations` (moved, not copied).
    mutating func decodeOperation(_ node: YAMLNodeID, into operations: inout [OperationSpec]) {
        defer {
            companionOperations = []
            companionChangeRanges = []
        }
        guard context.expectMapping(node, for: "ops") else { return }
        let keyStart = document.operationKeyRanges.count
        guard var operation = decodeAction(node) else {
            document.operationKeyRanges.removeLast(document.operationKeyRanges.count - keyStart)
            operations += companionOperations
            return
        }
        operation.keyStart = UInt32(truncatingIfNeeded: keyStart)
        operation.keyCount = UInt8(truncatingIfNeeded: document.operationKeyRanges.count - keyStart)
        let tree = context.tree
        if let target = tree.value(forKey: "target", in: node), tree.kind(target) == .scalar, !tree.isPlain(target) {
            operation.targetIsPlain = false
        }
        for i in companionOperations.indices {
            companionOperations[i].keyStart = operation.keyStart
            companionOperations[i].keyCount = operation.keyCount
            companionOperations[i].targetIsPlain = operation.targetIsPlain
        }
        if !companionChangeRanges.isEmpty { keepChangeRanges(&operation) }
        operations.append(operation)
        operations += companionOperations
    }

    /// Gives each op of a `properties:` tween that gives `by:` a slice of kept keys of its own.
    ///
    /// The slice holds the ops' shared keys, then where its `by` was written (a diagnostic about
    /// the change points there). The other ops keep the shared slice.
    /// - Complexity: O(shared keys) per op with `by`.
    mutating func keepChangeRanges(_ operation: inout OperationSpec) {
        let shared = Int(operation.keyStart)..<(Int(operation.keyStart) + Int(operation.keyCount))
        let sharedKeys = Array(document.operationKeyRanges[shared])
        for (i, range) in companionChangeRanges.enumerated() {
            guard let range, i <= companionOperations.count else { continue }
            let start = document.operationKeyRanges.count
            document.operationKeyRanges += sharedKeys
            document.operationKeyRanges.append(OperationKeyRange(key: .by, range: range))
            let keyStart = UInt32(truncatingIfNeeded: start)
            let keyCount = UInt8(truncatingIfNeeded: sharedKeys.count + 1)
            if i == 0 {
                operation.keyStart = keyStart
                operation.keyCount = keyCount
            } else {
                companionOperations[i - 1].keyStart = keyStart
                companionOperations[i - 1].keyCount = keyCount
            }
        }
    }

    /// Keeps where a remove op wrote the keys diagnostics point at (``OperationKeyRange/Key``),
    /// the first of each, in ``MotionDocument/operationKeyRanges``. (An add op keeps those of its
    /// known keys as it reads them: ops with unknown keys are not validated.)
    /// - Complexity: O(pairs x kept keys).
    mutating func recordKeyRanges(of node: YAMLNodeID) {
        let tree = context.tree
        let start = document.operationKeyRanges.count
        for pair in tree.pairs(node) where tree.kind(pair.key) == .scalar {
            var index = DecodingContext.knownIndex(of: pair.key, in: Self.keptKeys, tree)
            if index == nil, !tree.withScalarBytes(pair.key, { $0.allSatisfy { $0 < 0x80 } }) {
                // Equal as strings to a kept key, not as bytes, as ``DecodingContext/forEachKnownPair`` matches.
                index = Self.keptKeys.firstIndex(of: tree.string(pair.key))
            }
            guard let index else { continue }
            let key = Self.keptKeyCases[index]
            guard !document.operationKeyRanges[start...].contains(where: { $0.key == key }) else { continue }
            document.operationKeyRanges.append(OperationKeyRange(key: key, range: tree.range(pair.value)))
        }
        if let source = tree.value(forKey: "source", in: node), let target = tree.value(forKey: "target", in: source) {
            document.operationKeyRanges.append(OperationKeyRange(key: .sourceTarget, range: tree.range(target)))
        }
    }

    static let keptKeyCases = OperationKeyRange.Key.allCases.filter { $0 != .sourceTarget }
    static let keptKeys = keptKeyCases.map(\.rawValue)

    /// An op's `add` or `remove`.
    mutating func decodeAction(_ node: YAMLNodeID) -> OperationSpec? {
        let addNode = tree.value(forKey: "add", in: node)
        let removeNode = tree.value(forKey: "remove", in: node)
        switch (addNode, removeNode) {
        case (nil, nil):
            // A misspelt `add` or `remove` (`ad: tween`) is said where it is, with the spelling.
            for pair in tree.pairs(node) where tree.kind(pair.key) == .scalar {
                let key = tree.string(pair.key)
                guard let help = DecodingContext.didYouMean(key, ["add", "remove"]) else { continue }
                context.report(
                    .D004, "an operation needs `add: TYPE` or `remove: NAME`, and `\(key)` is neither", at: context.range(pair.key),
                    help: help)
                return nil
            }
            context.report(.D004, "an operation needs `add: TYPE` or `remove: NAME`", at: context.range(node))
            return nil
        case (.some, .some(let remove)):
            context.report(.D003, "an operation is either `add` or `remove`, not both", at: context.range(remove))
            return nil
        case (nil, .some(let remove)):
            return decodeRemove(node, nameNode: remove)
        case (.some(let add), nil):
            return decodeAdd(node, typeNode: add)
        }
    }

    /// The op's `target:` selector text (D004 when missing).
    mutating func target(of node: YAMLNodeID) -> Located<String>? {
        guard let targetNode = tree.value(forKey: "target", in: node) else {
            context.report(
                .D004, "`target` is missing: say which targets the operation applies to, e.g. target: \"#card\"", at: context.range(node))
            return nil
        }
        guard let text = context.selector(targetNode, for: "target") else { return nil }
        return Located(text, at: context.range(targetNode))
    }

    mutating func decodeRemove(_ node: YAMLNodeID, nameNode: YAMLNodeID) -> OperationSpec? {
        context.forEachPair(in: node, known: IntentionCatalog.removeKeys, context: "a remove operation") { _, _, _ in }
        recordKeyRanges(of: node)
        guard let name = context.planName(nameNode, for: "remove", code: .N002) else { return nil }
        guard let target = target(of: node) else { return nil }
        let located = Located(name, at: context.range(nameNode))
        return OperationSpec(action: .remove(name: located), target: target, head: located.range)
    }

    mutating func decodeAdd(_ node: YAMLNodeID, typeNode: YAMLNodeID) -> OperationSpec? {
        guard let typeName = context.string(typeNode, for: "add") else { return nil }
        guard let type = IntentionType(rawValue: typeName) else {
            context.report(
                .D008, "unknown intention type \"\(typeName)\"", at: context.range(typeNode),
                help: DecodingContext.didYouMean(typeName, IntentionType.allCases.map(\.rawValue)))
            return nil
        }
        let parameters = type.parameters
        var nodes = ParameterNodes(capacity: tree.count(node))
        var name: Located<String>?
        let keys = type.addKeys
        // `add`, `target` and `name` come first; the rest are the op's parameters.
        let sharedKeys = IntentionCatalog.addKeys.count
        let keptKeys = type.keptKeys
        // A buffer kept between ops: no allocation per op.
        var kept = keptScratch
        keptScratch = []
        context.forEachKnownPair(
            in: node, known: keys, context: "\(Self.article(typeName)) \(typeName) operation", extraHelp: Self.opKeyHelp
        ) {
            ctx, index, pair in
            if let key = keptKeys[index] { kept.append((key, pair.value)) }
            guard index >= sharedKeys else {
                if keys[index] == "name", let text = ctx.planName(pair.value, for: "name", code: .N001) {
                    name = Located(text, at: ctx.range(pair.value))
                }
                return
            }
            nodes.append(keys[index], pair.value)
        }
        for (key, value) in kept { document.operationKeyRanges.append(OperationKeyRange(key: key, range: tree.range(value))) }
        kept.removeAll(keepingCapacity: true)
        keptScratch = kept
        if let source = nodes["source"], let target = tree.value(forKey: "target", in: source) {
            document.operationKeyRanges.append(OperationKeyRange(key: .sourceTarget, range: tree.range(target)))
        }
        let target = target(of: node)
        var reader = ParameterReader(nodes: nodes, opRange: context.range(typeNode), typeName: typeName, parameters: parameters)
        // A `properties:` tween names its properties there instead of in `property`.
        let replaced = nodes["properties"] != nil ? "property" : nil
        for parameter in parameters where parameter.isRequired && nodes[parameter.name] == nil && parameter.name != replaced {
            context.report(
                .D004, "`\(parameter.name)` is missing: \(typeName) needs it (\(Self.clause(parameter.summary)))",
                at: context.range(typeNode))
            reader.failed = true
        }
        let intention = type.plannedIntention(&reader, &context)
        let stagger = IntentionDecoder.stagger(&reader, &context)
        let reducedMotion = IntentionDecoder.reducedMotion(&reader, &context)
        guard let intention, !reader.failed, let target else { return nil }
        var operation = OperationSpec(action: .add(intention, name: name), target: target, head: context.range(typeNode))
        operation.stagger = stagger
        operation.reducedMotion = reducedMotion
        if let name, !reader.companions.isEmpty {
            // One name would hold only the last property's tween: removing it could not undo the rest.
            context.report(
                .N003, "a tween with several `properties` cannot be added by name", at: name.range,
                help: "remove `name`, or give each property its own named tween")
            return nil
        }
        companionOperations = reader.companions.map { tween in
            var companion = operation
            companion.action = .add(.tween(tween), name: name)
            return companion
        }
        companionChangeRanges = reader.changeRanges
        return operation
    }

    /// Help for an unknown key of an add operation: `to` on a spring (whose value is
    /// `destination`), and the SwiftUI spring keys (``springKeyHelp(_:_:_:)``).
    static func opKeyHelp(_ key: String, _ node: YAMLNodeID, _ tree: YAMLTree) -> String? {
        if key == "to", let type = tree.value(forKey: "add", in: node), tree.string(type) == "spring" {
            return "a spring pulls its property to `destination`: write `destination:`"
        }
        return springKeyHelp(key, node, tree)
    }

    /// `a` or `an` before an intention type's name, as it is spoken (`an anchoredSpring`).
    static func article(_ word: String) -> String {
        word.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
    }

    /// A parameter's one-sentence summary as a clause inside a message: its first letter in
    /// lower case (unless it starts an acronym) and no final period.
    static func clause(_ summary: String) -> String {
        var text = summary.hasSuffix(".") ? String(summary.dropLast()) : summary
        if let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }

    /// Help for the SwiftUI spring keys of an add operation (`response`, `dampingRatio`...), with
    /// the converted stiffness and damping when the operation gives both numbers.
    /// The operation's keys are read only when an unknown key asks for help.
    static func springKeyHelp(_ key: String, _ node: YAMLNodeID, _ tree: YAMLTree) -> String? {
        guard ForeignNames.swiftUISpringKeys.contains(key) else { return nil }
        var response: Double?
        var ratio: Double?
        for pair in tree.pairs(node) where tree.kind(pair.key) == .scalar {
            switch tree.string(pair.key) {
            case "response": response = tree.double(pair.value)
            case "dampingRatio", "dampingFraction": ratio = tree.double(pair.value)
            default: break
            }
        }
        return ForeignNames.springHelp(response: response, dampingRatio: ratio)
    }

    // MARK: Inputs

    mutating func decodeInputs(_ node: YAMLNodeID) {
        guard let items = context.list(node, for: "inputs") else { return }
        var seen: [String: SourceRange] = [:]
        for item in items {
            guard context.expectMapping(item, for: "inputs") else { continue }
            var id: Located<String>?
            var kind: (InputKind, SourceRange)?
            var target: Located<String>?
            var at = 0.0
            var duration: Double?
            var samplesNode: (String, YAMLNodeID)?
            var ok = true
            let kindNode = tree.value(forKey: "kind", in: item)
            let declaredKind = kindNode.flatMap { tree.kind($0) == .scalar ? InputKind(rawValue: tree.string($0)) : nil }
            context.forEachPair(in: item, known: Self.inputKeys, context: "an input") { ctx, key, pair in
                switch key {
                case "id":
                    if let text = ctx.string(pair.value, for: "id") { id = Located(text, at: ctx.range(pair.value)) } else { ok = false }
                case "kind":
                    if let text = ctx.choice(pair.value, for: "kind", InputKind.allCases.map(\.rawValue)), let k = InputKind(rawValue: text)
                    {
                        kind = (k, ctx.range(pair.value))
                    } else {
                        ok = false
                    }
                case "target":
                    if let text = ctx.selector(pair.value, for: "target") {
                        target = Located(text, at: ctx.range(pair.value))
                    } else {
                        ok = false
                    }
                case "at":
                    if let value = ctx.duration(pair.value, for: "at") { at = value } else { ok = false }
                case "duration":
                    if let value = ctx.duration(pair.value, for: "duration") { duration = value } else { ok = false }
                case "translation", "scale", "angle":
                    if let declaredKind, declaredKind.samplesKey != key {
                        ctx.report(
                            .D002, "`\(key)` does not belong to a \(declaredKind.rawValue) input", at: ctx.range(pair.key),
                            help: "\(declaredKind.rawValue) inputs take `\(declaredKind.samplesKey)`")
                        ok = false
                    } else {
                        samplesNode = (key, pair.value)
                    }
                default:
                    break
                }
            }
            let itemRange = context.range(item)
            let targetNode = tree.value(forKey: "target", in: item)
            let targetIsPlain = targetNode.map { tree.kind($0) != .scalar || tree.isPlain($0) } ?? true
            let required: [StaticString] = ["id", "kind", "target", "duration"]
            for key in required where tree.value(forKey: key, in: item) == nil {
                context.report(.D004, "`\(key)` is missing from this input", at: itemRange)
                ok = false
            }
            guard ok, let id, let (kindValue, kindRange) = kind, let target, let duration else { continue }
            guard let (samplesKey, samples) = samplesNode else {
                context.report(
                    .D004, "`\(kindValue.samplesKey)` is missing: a \(kindValue.rawValue) input needs its samples", at: itemRange)
                continue
            }
            guard let values = decodeSamples(samples, kind: kindValue, key: samplesKey) else { continue }
            if let first = seen[id.value] {
                context.report(
                    .D006, "duplicate input id \"\(id.value)\"", at: id.range,
                    notes: [DiagnosticNote("\"\(id.value)\" is first defined here", at: first)])
                continue
            }
            seen[id.value] = id.range
            var input = InputSpec(
                id: id, kind: kindValue, target: target, at: at, duration: duration, samples: values, kindRange: kindRange)
            input.targetIsPlain = targetIsPlain
            document.inputs.append(input)
        }
    }

    mutating func decodeSamples(_ node: YAMLNodeID, kind: InputKind, key: String) -> [MotionValue]? {
        guard let items = context.list(node, for: key) else { return nil }
        guard !items.isEmpty else {
            context.report(.D003, "`\(key)` needs at least one sample", at: context.range(node))
            return nil
        }
        var values: [MotionValue] = []
        values.reserveCapacity(items.count)
        for item in items {
            let value: MotionValue? =
                switch kind {
                case .pan: context.point(item, for: key)
                case .pinch, .rotate: context.number(item, for: key).map(MotionValue.scalar)
                }
            guard let value else { return nil }
            values.append(value)
        }
        return values
    }
}
