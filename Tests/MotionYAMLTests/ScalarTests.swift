import MotionYAML
import Testing

@Suite struct ScalarTests {
    /// Reads `value` as the value of key `v` in a one-line document.
    func scalar(_ value: String) throws -> (YAMLTree, YAMLNodeID) {
        let result = parse("v: \(value)\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let tree = result.tree
        return (tree, try #require(tree.node(["v"])))
    }

    @Test(arguments: [
        ("1", 1.0), ("-3", -3.0), ("+4", 4.0), ("0", 0.0), ("007", 7.0),
        ("1.5", 1.5), (".5", 0.5), ("5.", 5.0), ("-0.25", -0.25), ("0.1", 0.1),
        ("1e3", 1000.0), ("2.5E-3", 0.0025), ("1e+2", 100.0), ("123456789012345678901", 123456789012345678901.0),
        ("0.30000000000000004", 0.30000000000000004), ("3.141592653589793", 3.141592653589793),
        ("1e-400", 0.0), ("0x1F", 31.0), ("0xff", 255.0), ("0o17", 15.0),
        ("\"1\"", 1.0), ("'2.5'", 2.5),
    ])
    func numbers(text: String, expected: Double) throws {
        let (tree, node) = try scalar(text)
        #expect(tree.double(node) == expected)
    }

    @Test(arguments: [".inf", ".Inf", ".INF", "+.inf", "1e400"])
    func positiveInfinity(text: String) throws {
        let (tree, node) = try scalar(text)
        #expect(tree.double(node) == .infinity)
    }

    @Test(arguments: ["-.inf", "-.Inf", "-.INF", "-1e400"])
    func negativeInfinity(text: String) throws {
        let (tree, node) = try scalar(text)
        #expect(tree.double(node) == -.infinity)
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(text: String) throws {
        let (tree, node) = try scalar(text)
        #expect(tree.double(node)?.isNaN == true)
    }

    @Test(arguments: [
        "300ms", "0.3s", "abc", "''", "~", "null", "1_000", "1.2.3", "e3", ".", "+",
        "0x", "0xG", "0o8", "-0x1F", "1e", "1e+", ".infinity", "-.nan", "nan", "inf", "' 1'", "'1 '", "true", "'-'",
        "[1]", "{a: 1}",
    ])
    func notNumbers(text: String) throws {
        let result = parse("v: \(text)\n")
        let node = try #require(result.tree.node(["v"]))
        #expect(result.tree.double(node) == nil)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        let (tree, node) = try scalar("-0")
        let value = try #require(tree.double(node))
        #expect(value == 0 && value.sign == .minus)
    }

    @Test(arguments: [
        ("", true, true), ("~", true, true), ("null", true, true), ("Null", true, true), ("NULL", true, true),
        ("nULL", false, true), ("\"null\"", false, false), ("'~'", false, false), ("\"\"", false, false),
        ("x", false, true), ("|\n  null", false, false), ("nil", false, true),
    ])
    func nullsAndPlainness(text: String, isNull: Bool, isPlain: Bool) throws {
        let result = parse("v: \(text)\n")
        #expect(result.diagnostics.isEmpty)
        let node = try #require(result.tree.node(["v"]))
        #expect(result.tree.isNull(node) == isNull)
        #expect(result.tree.isPlain(node) == isPlain)
    }

    @Test func scalarAccessors() throws {
        let result = parse("opacity: \"hé\"\nlist: [a, b]\n")
        let tree = result.tree
        let key = try #require(tree.keyNode("opacity"))
        #expect(tree.scalarEquals(key, "opacity"))
        #expect(!tree.scalarEquals(key, "opacit"))
        #expect(!tree.scalarEquals(key, "opacityy"))
        let value = try #require(tree.node(["opacity"]))
        #expect(tree.withScalarBytes(value) { Array($0) } == Array("hé".utf8))
        let list = try #require(tree.node(["list"]))
        #expect(tree.kind(list) == .sequence)
        #expect(tree.string(list) == "")
        #expect(tree.withScalarBytes(list) { $0.count } == 0)
        #expect(!tree.scalarEquals(list, ""))
        #expect(tree.count(list) == 2)
        #expect(tree.count(value) == 0)
        #expect(tree.items(value).isEmpty)
        #expect(tree.pairs(list).isEmpty)
        #expect(tree.double(list) == nil)
        let root = try #require(tree.root)
        #expect(tree.kind(root) == .mapping)
        #expect(tree.value(forKey: "list", in: root) == list)
        #expect(tree.value(forKey: "missing", in: root) == nil)
        #expect(tree.value(forKey: "list", in: list) == nil)
    }

    @Test func emptyFileHasNoRootAndNoDiagnostics() {
        for text in ["", "# only a comment\n", "---\n", "\n\n"] {
            let result = parse(text)
            #expect(result.tree.root == nil, "\(text)")
            #expect(result.diagnostics.isEmpty, "\(text)")
        }
    }

    @Test func tagsAreIgnored() throws {
        let result = parse("a: !!str 12\nb: !custom [1]\n")
        #expect(result.diagnostics.isEmpty)
        let a = try #require(result.tree.node(["a"]))
        #expect(result.tree.double(a) == 12)
        #expect(result.tree.kind(try #require(result.tree.node(["b"]))) == .sequence)
    }
}
