import MotionDiagnostics
import MotionYAML
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds of this thread's CPU time that `body` takes.
func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
}

@Suite struct LimitTests {
    @Test func billionLaughsStopsQuickly() {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        var result = YAMLParseResult(tree: YAMLTree(), diagnostics: [])
        let seconds = cpuSeconds { result = parse(text) }
        #expect(result.diagnostics.map(\.code) == [.Y003])
        #expect(result.diagnostics.first?.message == "alias expansion exceeds the limit of 10000 nodes")
        // Levels expand to 11, 111, 1111 nodes: the 8th alias of level 3 (line 4) passes 10,000.
        #expect(result.diagnostics.first?.range.at == "4:45")
        #expect(seconds < 0.1)
    }

    @Test func aliasExpansionWithinTheLimitIsFine() {
        let result = parse("a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", limits: YAMLLimits(maxAliasExpansion: 12))
        #expect(result.diagnostics.isEmpty)
        let over = parse("a: &a [1, 2, 3]\nb: [*a, *a, *a, *a]\n", limits: YAMLLimits(maxAliasExpansion: 12))
        #expect(over.diagnostics.map(\.code) == [.Y003])
        #expect(over.diagnostics.first?.range.at == "2:17")
    }

    @Test func deepFlowNestingStopsAtTheLimit() {
        let text = String(repeating: "[", count: 200_000)
        var result = YAMLParseResult(tree: YAMLTree(), diagnostics: [])
        let seconds = cpuSeconds { result = parse(text) }
        #expect(result.diagnostics.map(\.code) == [.Y004])
        #expect(result.diagnostics.first?.range.at == "1:257")
        #expect(result.diagnostics.first?.message == "nesting deeper than the limit of 256 collections")
        #expect(seconds < 1)
    }

    @Test func deepBlockNestingStopsAtTheLimit() {
        var text = ""
        for depth in 0..<300 { text += String(repeating: " ", count: depth) + "k\(depth):\n" }
        let result = parse(text)
        #expect(result.diagnostics.map(\.code) == [.Y004])
        // The 257th mapping starts at the key on line 257.
        #expect(result.diagnostics.first?.range.at == "257:257")
    }

    @Test func nestingAtTheLimitIsFine() {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parse(text).diagnostics.isEmpty)
        let deeper = String(repeating: "[", count: 5) + String(repeating: "]", count: 5)
        #expect(parse(deeper, limits: YAMLLimits(maxDepth: 4)).diagnostics.map(\.code) == [.Y004])
    }

    @Test func oversizeFileIsNotParsed() {
        let result = parse("a: [1, 2, 3]\n", limits: YAMLLimits(maxFileBytes: 8))
        #expect(result.diagnostics.map(\.code) == [.Y005])
        #expect(result.diagnostics.first?.range.at == "1:1")
        #expect(result.diagnostics.first?.message == "file is 13 bytes, larger than the limit of 8 bytes")
        #expect(result.tree.root == nil)
    }

    @Test(
        arguments: [
            ([0xFF], "1:1"),
            (Array("a: 1\nb: é\nc: ".utf8) + [0xC3, 0x28], "3:4"),
            (Array("a: 1\nb: éé".utf8) + [0x80], "2:6"),
            (Array("a: 1\r\nb: x".utf8) + [0xE2, 0x82], "2:5"),
            (Array("a: 'x".utf8) + [0xED, 0xA0, 0x80] + Array("'".utf8), "1:6"),  // a surrogate
        ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], at: String) {
        let result = YAMLParser.parse(bytes, file: "bad.yaml")
        #expect(result.diagnostics.map(\.code) == [.Y005])
        #expect(result.diagnostics.first?.range.at == at)
        #expect(result.diagnostics.first?.message.hasPrefix("file is not valid UTF-8") == true)
        #expect(result.diagnostics.first?.file == "bad.yaml")
    }

    @Test func twoDocuments() {
        let result = parse("a: 1\n---\nb: 2\n")
        #expect(result.diagnostics.map(\.code) == [.Y006])
        #expect(result.diagnostics.first?.range.at == "2:1")
        #expect(result.tree.flatPairs() == ["a=1"])
    }

    @Test func explicitSingleDocumentIsFine() {
        let result = parse("---\na: 1\n...\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tree.flatPairs() == ["a=1"])
    }
}
