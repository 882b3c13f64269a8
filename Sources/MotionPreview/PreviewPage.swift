import MotionCore
import MotionDiagnostics
import MotionExport
import MotionJSON

/// The preview page (docs/format.md §5.3) and the messages `--serve` sends it.
///
/// One self-contained HTML file around the HTML export's stage, and the messages `--serve` sends
/// the open page when the document changes.
public enum PreviewPage {
    /// The page for `build`.
    ///
    /// - Parameters:
    ///   - build: the compiled document: its stage, or the errors that stopped it.
    ///   - live: whether the page connects back to `motionc preview --serve` (at `/events`) for
    ///     updates; a written page (`-o`) is static.
    ///   - version: the build's number, so that a page ignores an update it already shows.
    ///   - instance: the serving process's id: a page that reconnects to a server started again
    ///     (whose numbers start again at 1) takes its first update even when the numbers match.
    /// - Complexity: O(n) in the size of the stage and its curves.
    public static func html(_ build: PreviewBuild, live: Bool, version: Int = 0, instance: String = "") -> String {
        let stage = build.stage
        let data = scriptSafe(message(build, version: version, instance: instance, live: live, markup: false))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>motionc preview</title>
            <style id="pv-export-style">
            \(stage?.stylesheet ?? "")</style>
            <style id="pv-style">
            \(PreviewAssets.stylesheet)</style>
            </head>
            <body>
            \(PreviewAssets.body.replacingOccurrences(PreviewAssets.stagePlaceholder, with: stage?.elements ?? ""))
            <script type="application/json" id="pv-data">\(data)</script>
            <script>
            \(PreviewAssets.script)</script>
            </body>
            </html>

            """
    }

    /// The update `--serve` sends the page.
    ///
    /// `{"type": "stage", ...}` with the new stylesheet, elements, curves and report, or `{"type":
    /// "problems", ...}` with the diagnostics that keep the last good stage on show. The page skips
    /// an update whose `version` and `instance` are those it shows.
    public static func update(_ build: PreviewBuild, version: Int, instance: String = "") -> String {
        message(build, version: version, instance: instance, live: true, markup: true)
    }

    /// The JSON of a build.
    static func message(_ build: PreviewBuild, version: Int, instance: String, live: Bool, markup: Bool) -> String {
        var members: [JSONMember] = [
            JSONMember("type", .string(build.stage == nil ? "problems" : "stage")),
            JSONMember("version", .number(Double(version))),
            JSONMember("instance", .string(instance)),
            JSONMember("live", .bool(live)),
            JSONMember("diagnostics", .array(build.diagnostics.map(json))),
            JSONMember("rendered", .string(build.renderedDiagnostics)),
            JSONMember("readError", build.readError.map { .string($0.description) } ?? .null),
        ]
        if let stage = build.stage { members.append(JSONMember("stage", json(stage, markup: markup))) }
        return JSONValue.object(members).serialized(pretty: false)
    }

    /// A stage as the page's script reads it; `markup` adds the stylesheet and elements.
    static func json(_ stage: PreviewStage, markup: Bool) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("name", .string(stage.name)),
            JSONMember("file", .string(stage.file)),
            JSONMember("fps", .number(stage.canvas.fps)),
            JSONMember("width", .number(stage.canvas.width)),
            JSONMember("height", .number(stage.canvas.height)),
            JSONMember("duration", .number(stage.duration)),
            JSONMember("curves", .array(stage.curves.map(json))),
            JSONMember(
                "report",
                .array(
                    stage.report.map { item in
                        .object([
                            "target": .string(item.target), "property": .string(item.property),
                            "method": .string(item.method.rawValue), "keyframes": .number(Double(item.keyframes)),
                            "maxError": .number(item.maxError), "reason": item.reason.map(JSONValue.string) ?? .null,
                            "line": stage.targetLocations[item.target].map { .number(Double($0.line)) } ?? .null,
                            "column": stage.targetLocations[item.target].map { .number(Double($0.column)) } ?? .null,
                        ])
                    })),
            JSONMember("notes", .strings(stage.notes)),
        ]
        if markup {
            members.append(JSONMember("css", .string(stage.stylesheet)))
            members.append(JSONMember("elements", .string(stage.elements)))
        }
        return .object(members)
    }

    /// A curve: samples rounded to 1e-5 (the panel shows 4 decimals at most).
    static func json(_ curve: PreviewCurve) -> JSONValue {
        .object([
            "target": .string(curve.target), "property": .string(curve.property), "method": .string(curve.method.rawValue),
            "step": .number(curve.step), "samples": .numbers(curve.samples.map(rounded)),
            "keyframes": .array(curve.keyframes.map { .numbers([$0.time, rounded($0.value)]) }),
            "fitted": .array(curve.fittedSpans.map { .numbers([$0.lowerBound, $0.upperBound]) }),
        ])
    }

    /// A diagnostic with its location as file:line:column.
    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code.rawValue),
            "message": .string(diagnostic.message), "file": .string(diagnostic.file),
            "line": .number(Double(diagnostic.range.start.line)), "column": .number(Double(diagnostic.range.start.column)),
            "help": diagnostic.help.map(JSONValue.string) ?? .null,
        ])
    }

    /// A value to 1e-5, unchanged where that is not representable.
    static func rounded(_ v: Double) -> Double {
        guard v.isFinite else { return 0 }
        return abs(v) < 1e9 ? (v * 1e5).rounded() / 1e5 : v
    }

    /// JSON that can sit inside a `<script>` element: every `<` written as `\u003c`.
    ///
    /// `<` only occurs inside JSON strings, where the escape reads back the same; without it, a
    /// name holding `</script>` would close the element, and one holding `<!--<script>` would
    /// keep the element open past its own `</script>`, swallowing the page's script.
    static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences("<", with: "\\u003c")
    }
}

extension String {
    /// The string with every `target` replaced, without Foundation.
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
