import ArgumentParser
import MotionDiagnostics

/// `motionc explain CODE`: what a diagnostic code checks, why, and an example with its fix.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a diagnostic code with an example.")

    @Argument(help: "A diagnostic code such as D002 or N004.")
    var code: String

    func validate() throws {
        guard DiagnosticCode(rawValue: code.uppercased()) != nil else {
            let known = DiagnosticCode.allCases.map(\.rawValue)
            var message = "unknown diagnostic code \"\(code)\"; codes are \(known.first ?? "")...\(known.last ?? "")"
            if let near = Suggestions.closest(to: code.uppercased(), in: known) { message += " (did you mean \(near)?)" }
            throw ValidationError(message)
        }
    }

    func run() throws {
        guard let diagnosticCode = DiagnosticCode(rawValue: code.uppercased()) else { throw ExitCode(64) }
        StandardStreams.output(diagnosticCode.explainText())
    }
}
