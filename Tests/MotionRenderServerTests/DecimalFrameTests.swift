import MotionDiagnostics
import MotionPlans
import Testing

/// Times written as sums of decimals land on the frame the decimal sum names, in `run --trace` and
/// in `bake` then `play --trace` alike (docs/format.md §2.2).
@Suite("Decimal time sums: run and play change on the frame the sum names")
struct DecimalFrameTests {
    /// What a document's tweens start, end or repeat at: a commit at a plus b.
    enum Sum: String, CaseIterable, Sendable {
        /// `at: a`, a jump (duration 0) from 0.2 to 0.5 after `delay: b`.
        case delay
        /// `at: a`, from 0 to 1 over `duration: b`: 1 from a + b on.
        case end
        /// `at: a`, from 0 to 1 over `duration: b`, `repeat: 2`: back at 0 at a + b.
        case `repeat`
    }

    /// Every pair of two-decimal times a = i / 100 and b = j / 100 in [0, 1) whose decimal sum is a
    /// whole frame n at 60 fps: 5 divides i + j, and n = 3 (i + j) / 5 (worked out in integers).
    static let pairs: [(i: Int, j: Int, frame: Int)] = {
        var pairs: [(i: Int, j: Int, frame: Int)] = []
        for i in 0..<100 {
            for j in 0..<100 where (i + j) % 5 == 0 { pairs.append((i, j, 3 * (i + j) / 5)) }
        }
        return pairs
    }()

    /// Hundredths `h` as a document writes them: `0.07`.
    static func decimal(_ h: Int) -> String { "0." + (h < 10 ? "0" : "") + String(h) }

    /// One target per pair (`p<i>_<j>`; b > 0 for a duration), each with its tween committed at a:
    /// one transaction per a. Returns the frame of a + b per target.
    static func document(_ sum: Sum) -> (yaml: String, frames: [String: Int]) {
        var targets = ""
        var transactions = ""
        var frames: [String: Int] = [:]
        for i in 0..<100 {
            var ops = ""
            for (_, j, frame) in pairs.filter({ $0.i == i }) where sum == .delay || j > 0 {
                let id = "p\(i)_\(j)"
                frames[id] = frame
                // Before its commit an `end` target shows 0.5 (its model value), the others 1.
                targets += sum == .end ? "  \(id): { layer: { opacity: 0.5 } }\n" : "  \(id): {}\n"
                let b = decimal(j)
                switch sum {
                case .delay:
                    ops += "      - { add: tween, target: \"#\(id)\", property: opacity, from: 0.2, to: 0.5, duration: 0, delay: \(b) }\n"
                case .end: ops += "      - { add: tween, target: \"#\(id)\", property: opacity, from: 0, to: 1, duration: \(b) }\n"
                case .repeat:
                    ops += "      - { add: tween, target: \"#\(id)\", property: opacity, from: 0, to: 1, duration: \(b), repeat: 2 }\n"
                }
            }
            if !ops.isEmpty { transactions += "  - at: \(decimal(i))\n    ops:\n" + ops }
        }
        return ("motion: 1\ncanvas: { fps: 60 }\ntargets:\n" + targets + "transactions:\n" + transactions, frames)
    }

    /// The frames of a target's opacity where its expectation fails, for the sum's kind: the value
    /// of a + b shows from frame n on and not before.
    static func misses(_ sum: Sum, _ values: [Double], frame n: Int) -> [Int] {
        values.indices.filter { f in
            switch sum {
            case .delay: return (values[f] == 0.5) != (f >= n)
            case .end: return (values[f] == 1) != (f >= n)
            case .repeat: return f == n ? values[f] != 0 : f == n - 1 && values[f] == 0
            }
        }
    }

    @Test(arguments: Sum.allCases)
    func runAndPlayChangeOnTheFrameTheSumNames(_ sum: Sum) throws {
        let (yaml, frames) = Self.document(sum)
        let result = DocumentLoader.load(Array(yaml.utf8), file: "sums.yaml")
        let document = try #require(result.document, "\(result.diagnostics.map(\.message).prefix(3))")
        #expect(frames.count == (sum == .delay ? 2000 : 1980))
        let dir = temporaryDirectory()
        try runTrace(document, to: dir + "/run.csv")
        try playTrace(document, to: dir + "/play.csv")
        for trace in ["run", "play"] {
            var opacity: [String: [Double]] = [:]
            for row in try traceRows(dir + "/\(trace).csv") where row.2 == "opacity" { opacity[row.1, default: []].append(row.3) }
            var late: [String] = []
            for (id, frame) in frames.sorted(by: { $0.key < $1.key }) {
                let values = opacity[id] ?? []
                let missed = Self.misses(sum, values, frame: frame)
                if values.count <= frame || !missed.isEmpty { late.append("\(id) (frame \(frame)): frames \(missed.prefix(3))") }
            }
            #expect(late.isEmpty, "\(trace): \(late.count) targets miss their frame, such as \(late.prefix(3))")
        }
    }
}
