import Testing

@Test func placeholder23870() { #expect(Bool(true)) }
