/// One lexical element of CEL source (langdef.md, "Syntax"), with where it sits.
///
/// Literals arrive decoded (their text is read again only to quote it in an error); an integer
/// keeps its magnitude unsigned because only the parser knows whether a minus sign makes it
/// negative (`-9223372036854775808` is the smallest int, its magnitude is not an int).
struct CELToken: Sendable {
    enum Kind: Sendable, Equatable {
        /// A name: `[_a-zA-Z][_a-zA-Z0-9]*`, reserved words included (they are legal after a dot).
        case identifier(String)
        /// A name between backticks (`` a.`content-type` ``), legal only as a selected field.
        case quotedIdentifier(String)
        /// A decimal or hexadecimal integer, without its sign.
        case int(UInt64)
        case uint(UInt64)
        /// A floating-point literal, without its sign.
        case double(Double)
        case string(String)
        case bytes([UInt8])
        case `true`, `false`, null, `in`
        case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
        case dot, comma, colon, question
        case plus, minus, star, slash, percent
        case exclamation, equalEqual, exclamationEqual, less, lessEqual, greater, greaterEqual
        case ampersandAmpersand, barBar
        /// The end of the source.
        case end
    }

    var kind: Kind
    /// The token's first Unicode scalar, counted from 0.
    var offset: Int
    /// Just past the token's last Unicode scalar.
    var end: Int
}
