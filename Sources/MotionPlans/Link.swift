import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

extension IntentionDecoder {
    /// `add: link`: property, source, input, output, clamp. D009 for a property that is not a
    /// number; D005 for `input` with a = b, for an `output` value outside the property's range
    /// (an opacity of 5), and for a slope steeper than 1e9.
    static func link(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> Link? {
        let property = propertyPath(&reader, &context)
        var source: (String, PropertyPath)?
        if let node = reader.nodes["source"] {
            source = linkSource(node, &context)
            if source == nil { reader.failed = true }
        }
        let input = reader.read("input", &context) { $0.numbers($1, count: 2, for: "input", expected: "two numbers [a, b]") }
        let output = reader.read("output", &context) { $0.numbers($1, count: 2, for: "output", expected: "two numbers [c, d]") }
        let clamp = reader.read("clamp", &context) { $0.bool($1, for: "clamp") } ?? true
        if let property, property.kind != .scalar, property.component == nil, let node = reader.nodes["property"] {
            context.report(
                .D009, "a link presents a number, and `\(property)` has \(property.kind.componentCount) components",
                at: context.range(node), help: "link a component, such as `\(property).\(property.kind.componentNames[0])`")
            reader.failed = true
        }
        if let input, input[0] == input[1], let node = reader.nodes["input"] {
            context.report(
                .D005, "`input` needs two different numbers: [a, a] maps every source value to one point",
                at: context.range(node))
            reader.failed = true
        }
        if let property, let output, let node = reader.nodes["output"],
            let problem = output.lazy.compactMap({ DecodingContext.rangeProblem(.scalar($0), property) }).first
        {
            // The values the link presents, as a spring's destination or a tween's `to:` would be.
            context.report(.D005, "`output` \(problem)", at: context.range(node))
            reader.failed = true
        }
        if let input, let output, !reader.failed { checkSlope(input: input, output: output, &reader, &context) }
        guard let property, let (target, sourceProperty) = source, let input, let output, !reader.failed else { return nil }
        return Link(
            property: property, sourceTarget: target, sourceProperty: sourceProperty, input: input, output: output, clamp: clamp)
    }

    /// `source: {target: SELECTOR, property: PATH}`, PATH a number.
    static func linkSource(_ node: YAMLNodeID, _ context: inout DecodingContext) -> (String, PropertyPath)? {
        guard context.expectMapping(node, for: "source") else { return nil }
        var target: String?
        var path: PropertyPath?
        var ok = true
        context.forEachPair(in: node, known: ["target", "property"], context: "`source`") { ctx, key, pair in
            guard let text = ctx.string(pair.value, for: key) else {
                ok = false
                return
            }
            if key == "target" {
                target = text
                return
            }
            guard let parsed = PropertyPath(text) else {
                ctx.report(
                    .D009, "unknown property \"\(text)\"", at: ctx.range(pair.value),
                    help: ForeignNames.unknownPathHelp(text))
                ok = false
                return
            }
            guard parsed.kind == .scalar || parsed.component != nil else {
                ctx.report(
                    .D009, "a link reads a number, and `\(text)` has \(parsed.kind.componentCount) components",
                    at: ctx.range(pair.value), help: "read a component, such as `\(text).\(parsed.kind.componentNames[0])`")
                ok = false
                return
            }
            path = parsed
        }
        let required: [StaticString] = ["target", "property"]
        for key in required where context.tree.value(forKey: key, in: node) == nil {
            context.report(.D004, "`\(key)` is missing from `source`", at: context.range(node))
            ok = false
        }
        guard ok, let target, let path else { return nil }
        return (target, path)
    }
}
