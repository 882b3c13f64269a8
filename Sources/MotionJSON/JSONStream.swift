/// Writes compact JSON straight into UTF-8 bytes, for outputs too large to build as a tree first.
///
/// Commas are placed by the stream: open a container, write keys and values in order, close it.
/// Keys and values come out in the order they are written, so the output is deterministic.
///
/// ```swift
/// var json = JSONStream()
/// json.object {
///     json.key("a"); json.number(1)
///     json.key("k"); json.numbers([0, 0])
/// }
/// // {"a":1,"k":[0,0]}
/// ```
public struct JSONStream {
    /// The UTF-8 text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or value of the innermost open container needs a comma before it.
    ///
    /// One flag is enough: a container is itself a value of the one around it, so when it closes,
    /// the outer container has had a value (its flag is set).
    private var needsComma = false
    /// Whether a key was just written (its value takes no comma).
    private var afterKey = false
    /// Appends a number's text.
    private let writeNumber: (Double, inout [UInt8]) -> Void

    /// Creates an empty stream.
    ///
    /// - Parameters:
    ///   - capacity: the bytes to make room for at once (an estimate of the output's size saves
    ///     copying it as it grows).
    ///   - numbers: appends a finite or non-finite number's text as ``JSONNumber/format(_:)``
    ///     spells it (the default is ``JSONNumber/append(_:to:)``; a faster formatter of the same
    ///     text can take its place).
    public init(capacity: Int = 1 << 16, numbers: @escaping (Double, inout [UInt8]) -> Void = JSONNumber.append) {
        writeNumber = numbers
        bytes.reserveCapacity(max(capacity, 0))
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text written, with a final newline, handed over without a copy (the stream ends).
    ///
    /// - Complexity: O(1) amortised.
    public consuming func finish() -> [UInt8] {
        var bytes = self.bytes
        self.bytes = []
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Writes the comma a new key or value needs.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONStream) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        needsComma = true
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes an array whose items `body` writes.
    public mutating func array(_ body: (inout JSONStream) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        body(&self)
        needsComma = true
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member's key; its value comes next.
    public mutating func key(_ key: String) {
        separate()
        JSONString.append(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a member's key that holds no character JSON escapes, copied as it is.
    ///
    /// A name such as `"ty"`; its value comes next.
    public mutating func key(plain key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Writes a number (shortest round-trip; `null` when not finite).
    public mutating func number(_ value: Double) {
        separate()
        writeNumber(value, &bytes)
    }

    /// Writes an array of numbers.
    public mutating func numbers(_ values: [Double]) {
        array { json in for v in values { json.number(v) } }
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        JSONString.append(value, to: &bytes)
    }

    /// Writes a value whose text another stream wrote before.
    ///
    /// For a fragment made once and repeated.
    public mutating func value(written text: [UInt8]) {
        separate()
        bytes.append(contentsOf: text)
    }

    /// Writes a value whose text `write` appends, valid JSON as it is.
    ///
    /// For a fragment written very often, spelled by its writer without a call per key and bracket.
    public mutating func value(writing write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
    }

    /// Writes a value built as a tree (compact).
    public mutating func value(_ value: JSONValue) {
        separate()
        var writer = JSONWriter(pretty: false)
        writer.write(value, indent: 0)
        bytes.append(contentsOf: writer.bytes)
    }

    /// `key` and then `value`, in one call.
    public mutating func member(_ key: String, _ value: Double) {
        self.key(key)
        number(value)
    }

    /// `key` and then `value`, in one call.
    public mutating func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// A plain `key` (see ``key(plain:)``) and then `value`, in one call.
    public mutating func member(plain key: StaticString, _ value: Double) {
        self.key(plain: key)
        number(value)
    }

    /// A plain `key` (see ``key(plain:)``) and then `value`, in one call.
    public mutating func member(plain key: StaticString, _ value: String) {
        self.key(plain: key)
        string(value)
    }
}
