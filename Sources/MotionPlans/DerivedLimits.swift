import MotionCore
import MotionDiagnostics
import MotionRuntime
import MotionYAML

/// The limits on numbers a document implies rather than writes (docs/format.md §1.6): a tween's
/// rate, a link's slope, a spring's stiffness and damping given by feel.
///
/// Every written number lies within ±1e9 (``DecodingContext/largestMagnitude``); these keep what
/// follows from them there too, where one division by a tiny span or duration would otherwise
/// reach 1e300 or infinity.
extension IntentionDecoder {
    /// The most a tween may change its value per second, and the steepest slope of a link: the
    /// bound of every number, as a tween's rate is the velocity it hands to a spring taking over.
    static var largestRate: Double { DecodingContext.largestMagnitude }

    /// D005 when a segment of `tween` changes its value faster than ``largestRate`` per second.
    ///
    /// A segment's rate is its change (the largest of its components') over its seconds: its share
    /// of the offsets times `duration`. Segments of no time (equal offsets, `duration: 0`) are
    /// jumps and have no rate. A tween of one value starts from the presented value, unknown
    /// here; a `by:` change counts from any start. Reported at `duration` (else at the values).
    static func checkRate(_ tween: Tween, _ reader: inout ParameterReader, _ context: inout DecodingContext) {
        guard !reader.failed, tween.path == nil, !tween.scalesPresented, tween.duration > 0 else { return }
        let values = tween.values
        let components = tween.property.componentIndices.count
        func change(_ a: MotionValue, _ b: MotionValue) -> Double {
            (0..<components).reduce(0) { max($0, abs(b[$1] - a[$1])) }
        }
        /// The worst segment: its change, and the share of the duration it takes.
        var worst: (change: Double, share: Double)?
        func consider(_ change: Double, _ share: Double) {
            guard share > 0, change > 0 else { return }
            if let w = worst, w.change / w.share >= change / share { return }
            worst = (change, share)
        }
        if tween.isRelative {
            guard let by = values.first else { return }
            consider((0..<components).reduce(0) { max($0, abs(by[$1])) }, 1)
        } else if values.count >= 2 {
            let offsets = tween.offsets
            // Offsets that do not fit the values are W002/W003's to report.
            if let offsets, offsets.count != values.count || zip(offsets, offsets.dropFirst()).contains(where: { $0 > $1 }) {
                return
            }
            let even = 1 / Double(values.count - 1)
            for i in 1..<values.count {
                consider(change(values[i - 1], values[i]), offsets.map { $0[i] - $0[i - 1] } ?? even)
            }
        }
        guard let worst else { return }
        let seconds = worst.share * tween.duration
        guard !(worst.change / seconds <= largestRate) else { return }
        let shortest = worst.change / (largestRate * worst.share)
        let node = reader.nodes["duration"] ?? reader.nodes["values"] ?? reader.nodes["to"] ?? reader.nodes["by"]
        context.report(
            .D005,
            "this tween changes \(tween.property) by \(shown(worst.change)) in \(shown(seconds)) s, "
                + "faster than 1e9 per second, the largest velocity a document may give",
            at: node.map { context.range($0) } ?? reader.opRange,
            help: shortest <= DecodingContext.maximumSeconds
                ? "give it at least `duration: \(shownUp(shortest))`" : "make the change smaller")
        reader.failed = true
    }

    /// D005 at `input` when a link's slope |Δoutput / Δinput| is steeper than ``largestRate``,
    /// clamped or not: each unit the source moves would move the output more than 1e9.
    static func checkSlope(input: [Double], output: [Double], _ reader: inout ParameterReader, _ context: inout DecodingContext) {
        guard input.count == 2, output.count == 2, input[0] != input[1], let node = reader.nodes["input"] else { return }
        let rise = abs(output[1] - output[0])
        let run = abs(input[1] - input[0])
        guard !(rise / run <= largestRate) else { return }
        context.report(
            .D005,
            "`input` spans \(DecodingContext.format(run)) for an `output` span of \(DecodingContext.format(rise)): "
                + ((rise / run).isFinite
                    ? "a slope of \(shown(rise / run)), steeper than 1e9" : "a slope too steep for a number to hold (at most 1e9)"),
            at: context.range(node),
            help: "widen `input` to a span of at least \(shownUp(rise / largestRate))")
        reader.failed = true
    }

    /// P001 at `duration` (else `bounce`) when a spring by feel has a stiffness or a damping
    /// beyond ±1e9, the most either may be written.
    ///
    /// stiffness = (2 pi / duration)^2 m and damping = D m / duration (D = 4 pi (1 - bounce), or
    /// 4 pi / (1 + bounce) below 0): the shortest duration within both is the larger of
    /// 2 pi sqrt(m / 1e9) and D m / 1e9.
    static func checkFeel(
        stiffness: Double, damping: Double, duration: Double, bounce: Double, mass: Double, _ reader: inout ParameterReader,
        _ context: inout DecodingContext
    ) {
        let limit = DecodingContext.largestMagnitude
        guard !(stiffness <= limit && damping <= limit), let node = reader.nodes["duration"] ?? reader.nodes["bounce"] else {
            return
        }
        let dampingTimesDuration = bounce >= 0 ? 4 * Double.pi * (1 - bounce) * mass : 4 * Double.pi * mass / (1 + bounce)
        let shortest = max(2 * Double.pi * (mass / limit).squareRoot(), dampingTimesDuration / limit)
        let which = stiffness <= limit ? "damping" : (damping <= limit ? "stiffness" : "stiffness and damping")
        context.report(
            .P001,
            "a spring of `duration` \(shown(duration)) s has a \(which) beyond 1e9, the most a written "
                + "\(which) may be",
            at: context.range(node),
            help: shortest <= DecodingContext.maximumSeconds
                ? "make `duration` at least \(shownUp(shortest)) s" : "give `bounce` closer to 0")
        reader.failed = true
    }

    /// `value` to two significant digits, rounded up (a bound to meet: `0.0002`, `1e-9`, `13`).
    static func shownUp(_ value: Double) -> String { decimal(value, digits: 2, rule: .up) }

    /// `value` to three significant digits, as documents write numbers: `1e300`, `0.25`.
    static func shown(_ value: Double) -> String { decimal(value, digits: 3, rule: .toNearestOrAwayFromZero) }

    /// `value` rounded to `digits` significant decimal digits by `rule`, read back from decimal
    /// text (so `2e-4` is the double nearest 0.0002) and written as the shortest text for it.
    private static func decimal(_ value: Double, digits: Int, rule: FloatingPointRoundingRule) -> String {
        guard value != 0, value.isFinite else { return value == 0 ? "0" : "\(value)" }
        // The decimal exponent of the leading digit: from the binary one, then corrected.
        var exponent = Int((Double(abs(value).exponent) * 0.30102999566398120).rounded(.down))
        while let next = Double("1e\(exponent + 1)"), next <= abs(value) { exponent += 1 }
        while let this = Double("1e\(exponent)"), this > abs(value) { exponent -= 1 }
        let shift = exponent - (digits - 1)
        guard let scale = Double("1e\(-shift)"), scale.isFinite, scale > 0 else { return "\(value)" }
        // A product a rounding error above a whole number is that number, not the next one up.
        let mantissa = (value * scale * (rule == .up ? 1 - 1e-12 : 1)).rounded(rule)
        let text = ShortestDouble.text(Double("\(Int64(mantissa))e\(shift)") ?? value, integralSuffix: false)
        // `1e-09` and `1e+300` as documents write them: `1e-9`, `1e300`.
        guard let e = text.firstIndex(of: "e") else { return text }
        var power = text[text.index(after: e)...]
        let negative = power.first == "-"
        power = power.drop { $0 == "+" || $0 == "-" || $0 == "0" }
        return text[..<e] + (negative ? "e-" : "e") + power
    }
}
