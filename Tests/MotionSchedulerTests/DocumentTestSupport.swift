import Foundation
import MotionCore
import MotionDiagnostics
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// A document's decoding failed in a test.
struct DocumentDecodingFailed: Error, CustomStringConvertible {
    var description: String
}

/// Decodes a YAML document written in a test.
func decode(_ yaml: String, file: String = "test.yaml") throws -> MotionDocument {
    let result = DocumentLoader.load(Array(yaml.utf8), file: file)
    guard let document = result.document, !result.diagnostics.containsErrors else {
        throw DocumentDecodingFailed(description: result.diagnostics.map { "\($0.code): \($0.message)" }.joined(separator: "\n"))
    }
    return document
}

/// A one-target document `#box` with `layer` and the given transactions (YAML list items).
func boxDocument(layer: String = "{ position: [0, 0] }", fps: Int = 60, transactions: String, inputs: String = "") -> String {
    """
    motion: 1
    canvas: { fps: \(fps) }
    targets:
      box: { layer: \(layer) }
    transactions:
    \(transactions)
    \(inputs.isEmpty ? "" : "inputs:\n" + inputs)
    """
}

extension DocumentRun {
    /// Advances to `t` and returns component `c` of `property` on target 0 at `t`.
    func sample(_ property: LayerProperty, _ c: Int = 0, at t: Double, target: Int = 0) -> Double {
        advance(to: t)
        return presentation.value(layer: target, property: property, at: t)[c]
    }

    /// Advances frame by frame from `start` until the run is at rest (at most to 10 s) and
    /// returns the time reached.
    func advanceUntilAtRest(from start: Double) -> Double {
        var t = start
        while !isAtRest && t < 10 {
            t += 1 / 60
            advance(to: t)
        }
        return t
    }
}

/// The Plans/ folder of the repository.
let plansFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Plans")

/// Every document in Plans/, by file name.
func plansDocuments() throws -> [(String, MotionDocument)] {
    let names = try FileManager.default.contentsOfDirectory(atPath: plansFolder.path).filter { $0.hasSuffix(".yaml") }.sorted()
    return try names.map { name in
        let result = try DocumentLoader.load(path: plansFolder.appendingPathComponent(name).path)
        guard let document = result.document else { throw DocumentDecodingFailed(description: name) }
        return (name, document)
    }
}

/// The textbook damped spring `m x'' = -k (x - d) - c x'` from x0, v0: value and velocity at t.
func textbookSpring(x0: Double, v0: Double, d: Double, k: Double, c: Double, m: Double, t: Double) -> (x: Double, v: Double) {
    let w0 = (k / m).squareRoot()
    let zeta = c / (2 * (k * m).squareRoot())
    let a = x0 - d
    if abs(zeta - 1) < 1e-12 {
        let b = v0 + w0 * a
        let e = exp(-w0 * t)
        return (d + (a + b * t) * e, (b - w0 * (a + b * t)) * e)
    } else if zeta < 1 {
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let decay = zeta * w0
        let b = (v0 + decay * a) / wd
        let e = exp(-decay * t)
        let x = d + e * (a * cos(wd * t) + b * sin(wd * t))
        let v = e * ((b * wd - decay * a) * cos(wd * t) + (-a * wd - decay * b) * sin(wd * t))
        return (x, v)
    } else {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root)
        let r2 = -w0 * (zeta + root)
        let c2 = (v0 - r1 * a) / (r2 - r1)
        let c1 = a - c2
        return (d + c1 * exp(r1 * t) + c2 * exp(r2 * t), r1 * c1 * exp(r1 * t) + r2 * c2 * exp(r2 * t))
    }
}
