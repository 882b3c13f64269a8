import MotionYAML
import Testing

@Suite struct EventLoopTests {
    @Test(arguments: [
        ("", 2),  // stream start, stream end
        ("a: 1\n", 8),  // + document start/end, mapping start/end, two scalars
        ("[1, [2]]", 10),
    ])
    func countsEvents(text: String, expected: Int) {
        #expect(YAMLEventLoop.countEvents(Array(text.utf8)) == expected)
    }

    @Test func stopsAtAnError() {
        #expect(YAMLEventLoop.countEvents(Array("a: [1,\n".utf8)) < 10)
    }
}
