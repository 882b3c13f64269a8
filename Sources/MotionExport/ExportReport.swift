import MotionJSON

/// The players motionc exports to.
public enum ExportFormat: String, Hashable, Sendable, CaseIterable {
    /// Lottie JSON (Bodymovin 5.x).
    case lottie
    /// One self-contained HTML page animated with CSS.
    case html
    /// The page's stylesheet alone.
    case css
}

/// What became of one animated component in an export: one row of the capability report.
public struct ExportItem: Hashable, Sendable {
    /// The target's id.
    public var target: String
    /// The property path (`position.x`, `opacity`, `backgroundColor.r`).
    public var property: String
    /// Exact, fitted, approximated or dropped (docs/export.md §2).
    public var method: ExportMethod
    /// Keyframes the file holds for the player property that carries it (docs/export.md §1).
    ///
    /// The components of one property share its keyframes (a Lottie scale's `s: [x, y]`, a CSS
    /// `translate` rule's rows), and each counts them all; a static value counts 1.
    public var keyframes: Int
    /// The largest difference from the render server found by the dense check.
    ///
    /// In the property's units. Over a fitted run of per-frame values, the largest difference at
    /// its frames (between two of them the player may show the straight line joining their
    /// values: ``FrameRunReport/fittedSpans``).
    public var maxError: Double
    /// Why it was dropped, or a note on how it is carried.
    public var reason: String?
    /// Whether the row is of the reduced-motion variant.
    ///
    /// A page or stylesheet carries that variant too, under `@media (prefers-reduced-motion: reduce)`.
    public var reducedMotion = false
    /// What was done with its runs of per-frame values (links, squashAndStretch), when it has some.
    public var frameRuns: FrameRunReport?

    /// The report line: `card opacity: exact (2 keyframes)`.
    ///
    /// A reduced-motion variant's rows say so: `card opacity (reduced motion): exact (2 keyframes)`;
    /// a component with runs of per-frame values says what was done with them:
    /// `dot opacity: fitted (9 keyframes, largest error 0.00041; per-frame values fitted)`.
    public var line: String {
        let count = keyframes == 1 ? "1 keyframe" : "\(keyframes) keyframes"
        let what = "\(target) \(property)" + (reducedMotion ? " (reduced motion)" : "")
        if let frameRuns, method != .dropped { return lineWithRuns(what, count, frameRuns) }
        return switch method {
        case .exact: "\(what): exact (\(count))"
        case .fitted: "\(what): fitted (\(count), largest error \(Self.short(maxError)))"
        case .dropped: "\(what): dropped (\(reason ?? "the player cannot show it"))"
        case .approximated:
            "\(what): approximated (\(count), largest error \(Self.short(maxError)); \(reason ?? "the player rounds it"))"
        }
    }

    /// The report line of a component with runs of per-frame values: what became of them last.
    private func lineWithRuns(_ what: String, _ count: String, _ runs: FrameRunReport) -> String {
        method == .exact
            ? "\(what): exact (\(count); \(runs.summary))"
            : "\(what): fitted (\(count), largest error \(Self.short(maxError)); \(runs.summary))"
    }

    /// A number with 3 significant digits; from 1e15 on, as `1.23e308`.
    ///
    /// The digits are text, never an integer scaled by a power of ten, so a property whose values
    /// reach 1e308 (any finite number is valid) has a report line too.
    static func short(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return value == 0 ? "0" : "\(value)" }
        var exponent = 0
        var scaled = abs(value)
        while scaled >= 1000 {
            scaled /= 10
            exponent += 1
        }
        while scaled < 100 {
            scaled *= 10
            exponent -= 1
        }
        var digits = Int(scaled.rounded())
        if digits == 1000 {
            digits = 100
            exponent += 1
        }
        let text =
            switch exponent {
            case 13...: Self.decimal(digits, places: 2) + "e" + String(exponent + 2)
            case 0...: String(digits) + String(repeating: "0", count: exponent)
            default: Self.decimal(digits, places: -exponent)
            }
        return (value < 0 ? "-" : "") + text
    }

    private static func decimal(_ digits: Int, places: Int) -> String {
        var text = String(digits)
        while text.count <= places { text = "0" + text }
        let point = text.index(text.endIndex, offsetBy: -places)
        var result = text[..<point] + "." + text[point...]
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
        return String(result)
    }
}

/// Something an export could not carry.
///
/// A dropped property (an X001 warning) or a repeat cut short (X002).
public struct ExportFinding: Hashable, Sendable {
    /// What became of the property.
    public enum Kind: Hashable, Sendable {
        /// The player cannot show it at all: X001.
        case dropped
        /// A repeat unrolled for the player stops before the export's end: X002.
        case cutShort
    }

    /// The target's id.
    public var target: String
    /// The property path the player drops.
    public var property: String
    /// Why the player cannot show it.
    public var message: String
    /// Dropped, or a repeat cut short.
    public var kind: Kind = .dropped

    /// The report's reason, and the finding's message, for a repeat whose unrolling stopped at
    /// `time` (seconds) of an export that ends at `end`.
    static func cutShortMessage(at time: Double, end: Double) -> String {
        "the repeat is unrolled for at most \(TimelineTracks.maximumPasses) passes, until \(ExportItem.short(time)) s of the "
            + "\(ExportItem.short(end)) s exported; the player holds its last value after that: export a shorter --duration"
    }
}

/// An export: its text, the report items and the findings.
public struct ExportResult: Sendable {
    /// The format the text is in.
    public var format: ExportFormat
    /// The file's content as UTF-8, as it is written to the file (no `String` is made of it).
    public var bytes: [UInt8]
    /// One report item per animated (target, property component), in the timeline's order.
    public var items: [ExportItem]
    /// What the export could not carry, each an X001 warning.
    public var findings: [ExportFinding]

    /// An export of `bytes` (UTF-8) with its report items and findings.
    public init(format: ExportFormat, bytes: [UInt8], items: [ExportItem], findings: [ExportFinding]) {
        self.format = format
        self.bytes = bytes
        self.items = items
        self.findings = findings
    }

    /// An export of `text` with its report items and findings.
    public init(format: ExportFormat, text: String, items: [ExportItem], findings: [ExportFinding]) {
        self.init(format: format, bytes: Array(text.utf8), items: items, findings: findings)
    }

    /// The file's content as text (a copy of ``bytes``: write ``bytes`` to a file instead).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The report as JSON.
    ///
    /// `{"format", "items": [{"target", "property", "method", "keyframes", "maxError",
    /// "reason"}]}`; a reduced-motion variant's rows add `"reducedMotion": true`; a component with
    /// runs of per-frame values adds `"frameRuns": {"steps": "fitted" or "exact", "runs",
    /// "keptAsSteps", "fittedSpans": [[start, end], ...]}`.
    public var reportJSON: String {
        let rows: [JSONValue] = items.map { item in
            var members = [
                JSONMember("target", .string(item.target)), JSONMember("property", .string(item.property)),
                JSONMember("method", .string(item.method.rawValue)), JSONMember("keyframes", .number(Double(item.keyframes))),
                JSONMember("maxError", .number(item.maxError)), JSONMember("reason", item.reason.map(JSONValue.string) ?? .null),
            ]
            if item.reducedMotion { members.append(JSONMember("reducedMotion", .bool(true))) }
            if let runs = item.frameRuns {
                members.append(
                    JSONMember(
                        "frameRuns",
                        .object([
                            JSONMember("steps", .string(runs.steps.rawValue)), JSONMember("runs", .number(Double(runs.runs))),
                            JSONMember("keptAsSteps", .number(Double(runs.keptAsSteps))),
                            JSONMember(
                                "fittedSpans",
                                .array(runs.fittedSpans.map { .array([.number($0.lowerBound), .number($0.upperBound)]) })),
                        ])))
            }
            return .object(members)
        }
        return JSONValue.object(["format": .string(format.rawValue), "items": .array(rows)]).serialized() + "\n"
    }
}

extension TimelineTracks {
    /// Exports the timeline to `format`.
    ///
    /// `progress` is called with the layers done and the layers in all as it goes (for a progress
    /// bar on long exports).
    ///
    /// - Complexity: O(c·(s + d)) for c animated components, s segments each and d check times.
    public func export(to format: ExportFormat, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> ExportResult {
        switch format {
        case .lottie: LottieExporter.export(self, progress: progress)
        case .html, .css: CSSExporter.export(self, page: format == .html, progress: progress)
        }
    }
}
