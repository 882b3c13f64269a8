import Testing

@testable import MotionSelectors

@Suite("Selector parsing")
struct SelectorParserTests {
    /// Valid selectors and their canonical spelling.
    @Test(arguments: [
        ("#card", "#card"),
        ("Photo", "Photo"),
        (".elevated", ".elevated"),
        ("*", "*"),
        ("Grid Photo", "Grid Photo"),
        ("Grid > Photo", "Grid > Photo"),
        ("Grid>Photo", "Grid > Photo"),
        ("  Grid \t\n Photo  ", "Grid Photo"),
        ("Card#card.elevated.wide", "Card#card.elevated.wide"),
        ("#item-1, #photo_2", "#item-1, #photo_2"),
        ("#a,#b ,  #c", "#a, #b, #c"),
        ("List > Item .badge", "List > Item .badge"),
        ("* > Photo", "* > Photo"),
        ("#1", "#1"),
        (".-wide", ".-wide"),
        ("Ünïcode#café", "Ünïcode#café"),
    ])
    func parsesValidSelectors(text: String, canonical: String) throws {
        let selector = try Selector.parse(text).get()
        #expect(selector.description == canonical)
        // The canonical spelling parses back to an equal selector.
        #expect(try Selector.parse(canonical).get() == selector)
    }

    @Test func buildsTheStructure() throws {
        let selector = try Selector.parse("Grid > Photo#hero.wide.big Caption, .x").get()
        #expect(selector.groups.count == 2)
        let group = selector.groups[0]
        #expect(group.combinators == [.child, .descendant])
        #expect(group.compounds.map(\.type) == ["Grid", "Photo", "Caption"])
        #expect(group.compounds[1].id == "hero")
        #expect(group.compounds[1].classes == ["wide", "big"])
        #expect(group.compounds[1].span == SelectorSpan(offset: 7, length: 19))
        #expect(selector.groups[1].compounds[0].classes == ["x"])
        #expect(selector.groups[1].compounds[0].span == SelectorSpan(offset: 36, length: 2))
    }

    @Test func spacingDoesNotChangeEquality() throws {
        #expect(try MotionSelectors.Selector.parse("#a").get() == Selector.parse(" #a ").get())
        #expect(try Selector.parse("Grid>Photo").get() == Selector.parse("  Grid  >  Photo").get())
        #expect(try Selector.parse("Grid Photo").get() != Selector.parse("Grid > Photo").get())
    }

    @Test(arguments: ["", " ", "  \t\n  "])
    func emptySelectorIsItsOwnKind(text: String) {
        guard case .failure(let error) = Selector.parse(text) else {
            Issue.record("\(text.debugDescription) parsed")
            return
        }
        #expect(error.kind == .empty)
        #expect(error.offset == 0)
        #expect(error.length == text.unicodeScalars.count)
    }

    /// Malformed selectors: the message, and the offset and length it points at.
    @Test(arguments: [
        ("#", "expected an id after '#'", 0, 1),
        ("Card #", "expected an id after '#'", 5, 1),
        ("# card", "expected an id after '#'", 0, 1),
        ("Card.", "expected a class name after '.'", 4, 1),
        ("#card,", "unexpected ',' at the end of the selector", 5, 1),
        ("#card ,  ", "unexpected ',' at the end of the selector", 6, 1),
        (",#card", "empty selector group before ','", 0, 1),
        ("#a,,#b", "empty selector group before ','", 3, 1),
        ("Grid >", "'>' must be followed by a compound, as in 'List > Item'", 5, 1),
        ("Grid > > Photo", "'>' must be followed by a compound, as in 'List > Item'", 5, 1),
        ("Grid >, Photo", "'>' must be followed by a compound, as in 'List > Item'", 5, 1),
        ("> Photo", "'>' must come between two compounds, as in 'List > Item'", 0, 1),
        ("#a#b", "a compound can have only one id", 2, 1),
        (".a#b", "the id must come before the classes, as in 'Photo#hero.wide'", 2, 1),
        ("*.item", "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)", 0, 1),
        ("*Card", "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)", 0, 1),
        ("Card*", "'*' stands alone: it cannot be combined with a type, id or class (leave the '*' out)", 4, 1),
        ("A + B", "'+' is not a supported combinator: use a space (any descendant) or '>' (direct child)", 2, 1),
        ("A ~ B", "'~' is not a supported combinator: use a space (any descendant) or '>' (direct child)", 2, 1),
        ("Item:first-child", "pseudo-classes such as ':first-child' are not supported", 4, 1),
        ("Item[name]", "attribute selectors such as '[name]' are not supported", 4, 1),
        ("\"#card\"", "unexpected quote '\"' inside the selector; quote the whole selector in YAML instead", 0, 1),
        ("Card $", "unexpected character '$' in the selector", 5, 1),
        ("é#ü Card\u{00A0}", "unexpected character U+00A0 in the selector", 8, 1),
    ])
    func reportsSyntaxErrors(text: String, message: String, offset: Int, length: Int) {
        guard case .failure(let error) = Selector.parse(text) else {
            Issue.record("\(text.debugDescription) parsed")
            return
        }
        #expect(error.kind == .invalid)
        #expect(error.message == message)
        #expect(error.offset == offset)
        #expect(error.length == length)
    }

    @Test(arguments: [
        ("card", true), ("item-1", true), ("photo_2", true), ("1", true), ("café", true),
        ("", false), ("a b", false), ("a.b", false), ("#a", false), ("a>b", false),
    ])
    func identifierRule(text: String, valid: Bool) {
        #expect(Selector.isIdentifier(text) == valid)
    }

    @Test func namesCarryTheirKindAndCompoundSpan() throws {
        let selector = try Selector.parse("Grid #crad.big").get()
        #expect(selector.names.map(\.description) == ["Grid", "#crad", ".big"])
        #expect(selector.names.map(\.span.offset) == [0, 5, 5])
    }

    @Test func compoundInitialiserRejectsInvalidParts() {
        #expect(CompoundSelector() == nil)
        #expect(CompoundSelector(id: "a b") == nil)
        #expect(CompoundSelector(type: "Photo", classes: ["wide"])?.description == "Photo.wide")
        #expect(Selector(groups: []) == nil)
    }
}

/// `Selector.plainID`, the shortcut the validator and the scheduler take for `#id`, against the
/// parser: it answers only for selectors that parse to one id and nothing else.
@Suite struct PlainIDTests {
    @Test(
        "plain #id selectors give their id; every other selector gives nil",
        arguments: [
            ("#card", "card"), ("#x-1_y", "x-1_y"), ("#9", "9"), ("#", nil), ("", nil), ("card", nil),
            ("#a ", nil), (" #a", nil), ("#a.wide", nil), ("#a #b", nil), ("#a,#b", nil), ("Card#a", nil),
            ("##a", nil), ("#é", nil), ("#a>b", nil), ("*", nil),
            // Longer than a small string: its bytes are read from the heap.
            ("#a-rather-long-card-id_0123456789", "a-rather-long-card-id_0123456789"), ("#a-rather-long-card-id 0123456789", nil),
        ] as [(String, String?)])
    func plainIDs(_ selector: String, _ expected: String?) {
        #expect(Selector.plainID(selector).map(String.init) == expected)
        if expected != nil {
            // A plain id parses, as the general way would have it.
            guard case .success = Selector.parse(selector) else {
                Issue.record("\(selector) does not parse")
                return
            }
        }
    }

    @Test("an id of each ASCII character is plain exactly when it is an identifier")
    func everyASCIICharacter() {
        for value in UInt8(0)...UInt8(0x7F) {
            let character = String(UnicodeScalar(value))
            let id = "a" + character + "b"
            #expect((Selector.plainID("#" + id) != nil) == Selector.isIdentifier(id), "\(value)")
        }
        // A combining mark after an ASCII letter joins its character: not plain.
        #expect(Selector.plainID("#a\u{301}") == nil)
    }
}
