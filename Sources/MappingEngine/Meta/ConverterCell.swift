/// Holds a property's converter so the hot path reaches it through an unmanaged reference:
/// calling a converter then costs no retain and release (measured: a pair per property).
final class ConverterCell: Sendable {
    let converter: any ValueConverter

    init(_ converter: any ValueConverter) {
        self.converter = converter
    }
}
