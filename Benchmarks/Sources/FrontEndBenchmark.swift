import MotionPlans
import MotionValidation
import MotionYAML

/// Parse + decode (and validation) against libyaml's bare event loop over the same bytes.
enum FrontEndBenchmark {
    static func run(megabytes: Double, rounds: Int) -> Bool {
        let bytes = BenchmarkDocument.make(megabytes: megabytes)
        let mb = Double(bytes.count) / 1_000_000
        // Check once that the document is what it claims: valid, fully decoded.
        let loaded = DocumentLoader.load(bytes, file: "benchmark.yaml")
        guard let document = loaded.document, loaded.diagnostics.isEmpty else {
            print("the benchmark document does not decode cleanly: \(loaded.diagnostics.prefix(3))")
            return false
        }
        let findings = Validator.validate(document)
        guard findings.isEmpty else {
            print("the benchmark document does not validate cleanly: \(findings.prefix(3))")
            return false
        }
        var sink = 0
        let times = Measure.alternating(
            rounds: rounds,
            [
                { sink &+= YAMLEventLoop.countEvents(bytes) },
                { sink &+= YAMLParser.parse(bytes, file: "benchmark.yaml").tree.nodeCount },
                { sink &+= DocumentLoader.load(bytes, file: "benchmark.yaml").document?.targets.count ?? 0 },
                {
                    if let document = DocumentLoader.load(bytes, file: "benchmark.yaml").document {
                        sink &+= Validator.validate(document).count
                    }
                },
            ])
        let (loop, parse, decode, validate) = (times[0], times[1], times[2], times[3])
        print(
            "front end: \(Measure.fixed(mb, 1)) MB, \(document.targets.count) targets, "
                + "\(document.transactions.reduce(0) { $0 + $1.operations.count }) operations "
                + "(thread CPU time, best of \(rounds) alternating rounds)")
        print("  libyaml event loop            \(Measure.fixed(mb / loop, 1)) MB/s   (baseline)")
        print("  YAML node arena               \(Measure.fixed(mb / parse, 1)) MB/s   ratio \(Measure.fixed(loop / parse, 2))")
        print(
            "  parse + decode                \(Measure.fixed(mb / decode, 1)) MB/s   ratio \(Measure.fixed(loop / decode, 2))   (goal >= 0.50)"
        )
        print(
            "  parse + decode + validate     \(Measure.fixed(mb / validate, 1)) MB/s   validation adds \(Measure.fixed((validate / decode - 1) * 100, 1))%   (goal <= 20%)"
        )
        if sink == 42 { print("") }
        return true
    }
}
