import MotionCore
import MotionDiagnostics
import MotionYAML

/// Which matched target starts first in a staggered operation.
public enum StaggerOrigin: String, Hashable, Sendable, CaseIterable {
    /// `first` starts the first matched target (document order), `last` the last, `center` the middle.
    case first, last, center
}

/// `stagger` and `staggerFrom` on an `add` (docs/format.md §7.1): matched targets start one after another.
///
/// This is what Framer Motion's and GSAP's stagger do.
public struct Stagger: Hashable, Sendable {
    /// Seconds between two neighbouring targets.
    public var step: Double
    /// Which matched target starts first (`staggerFrom`).
    public var origin: StaggerOrigin

    /// Creates a stagger of `step` seconds, starting from `origin`.
    public init(step: Double, origin: StaggerOrigin = .first) {
        self.step = step
        self.origin = origin
    }

    /// Seconds after the commit at which the `index`-th of `count` matched targets starts.
    ///
    /// Targets count in document order; the offset is r x step with r = i (first), n - 1 - i
    /// (last), |i - (n - 1) / 2| (center; half steps for an even count).
    public func offset(index: Int, count: Int) -> Double {
        let rank: Double
        switch origin {
        case .first: rank = Double(index)
        case .last: rank = Double(count - 1 - index)
        case .center: rank = abs(Double(index) - Double(count - 1) / 2)
        }
        return rank * step
    }
}

extension IntentionDecoder {
    /// `stagger:` and `staggerFrom:` of an `add` op; `staggerFrom` without `stagger` is D004.
    static func stagger(_ reader: inout ParameterReader, _ context: inout DecodingContext) -> Stagger? {
        let step = reader.read("stagger", &context) { $0.duration($1, for: "stagger") }
        let origin = reader.read("staggerFrom", &context) { ctx, node in
            ctx.choice(node, for: "staggerFrom", StaggerOrigin.allCases.map(\.rawValue)).flatMap(StaggerOrigin.init(rawValue:))
        }
        guard let step else {
            if origin != nil, let node = reader.nodes["staggerFrom"] {
                context.report(
                    .D004, "`stagger` is missing: `staggerFrom` says where a stagger starts, `stagger` how long each step is",
                    at: context.range(node), help: "add `stagger: 50ms`")
                reader.failed = true
            }
            return nil
        }
        return Stagger(step: step, origin: origin ?? .first)
    }
}
