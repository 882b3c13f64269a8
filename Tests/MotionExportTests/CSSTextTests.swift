import Foundation
import MotionTimeline
import Testing

@testable import MotionExport

/// Names and ids a timeline holds are text in the stylesheet, never markup.
@Suite struct CSSTextTests {
    @Test("a name or id with </style> cannot end the page's stylesheet; CSS escapes keep its characters")
    func hostileNamesStayText() throws {
        var timeline = try bake(cardDocument("      - { add: tween, target: \"#card\", property: opacity, to: 0.5 }"))
        timeline.name = "</style><script>alert(1)</script> */ body { display: none } /*"
        timeline.layers[0].id = "a\"</STYLE>\n\\"
        let page = TimelineTracks(timeline).export(to: .html).text
        let lowered = page.lowercased()
        #expect(lowered.components(separatedBy: "</style").count == 2, "only the page's own </style>")
        #expect(!lowered.contains("<script"))
        #expect(page.contains("[id=\"a\\22 \\3c /STYLE>\\a \\5c \"]"))
        #expect(page.contains("/* motionc export of \\3c /style>\\3c script>alert(1)\\3c /script> * / body { display: none } /* */"))
        #expect(page.contains("<div id=\"a&quot;&lt;/STYLE&gt;\n\\\""))
    }

    @Test("a comment keeps a name's quotes and backslashes as written, since comments decode no escapes")
    func commentsKeepQuotesAndBackslashes() throws {
        var timeline = try bake(cardDocument("      - { add: tween, target: \"#card\", property: opacity, to: 0.5 }"))
        timeline.name = "n\"a\\me<x"
        let css = TimelineTracks(timeline).export(to: .css).text
        #expect(css.contains("/* motionc export of n\"a\\me\\3c x */"))
    }

    @Test("an id's selector and element text appended as bytes are the escaped texts, for plain and hostile ids")
    func idTextAsBytes() {
        // Plain ASCII and non-ASCII ids are copied as they are; any id with a character that needs
        // an escape is escaped in full (a quote followed by a combining mark is one HTML character
        // that is not a quote, so it stays as written).
        let ids = ["card", "t19999", "photo-é", "日本", "a\"b", "a\"\u{301}", "<x>&", "tab\there", "back\\", "del\u{7F}", ""]
        for id in ids {
            var selector: [UInt8] = []
            CSSExporter.selector(id, to: &selector)
            #expect(String(decoding: selector, as: UTF8.self) == CSSExporter.selector(id), "\(id)")
            var html: [UInt8] = []
            CSSExporter.escape(id, to: &html)
            #expect(String(decoding: html, as: UTF8.self) == CSSExporter.escape(id), "\(id)")
        }
        var bytes: [UInt8] = []
        CSSExporter.selector("a\"b", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[id=\"a\\22 b\"]")
        bytes = []
        CSSExporter.escape("<x>&\"", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "&lt;x&gt;&amp;&quot;")
    }
}
