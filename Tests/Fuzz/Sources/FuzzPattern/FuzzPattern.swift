import FuzzSupport
import MappingEngine

/// States × bytes one search may cost.
private let workPerSearch = 1 << 21

/// Compiles the bytes up to the first newline as a pattern and searches the rest (any bytes,
/// UTF-8 or not) with it. A refusal must point inside the pattern; a compiled pattern must stay
/// within the state cap and answer as the same pattern in a group does, and as the search
/// written out as an anchored one (`^[^]*(?:P)`), which runs the matcher's other path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    let split = input.firstIndex(of: UInt8(ascii: "\n")) ?? size
    let source = String(decoding: UnsafeBufferPointer(rebasing: input[..<split]), as: UTF8.self)
    let rest = input[min(split + 1, size)...]
    let pattern: Pattern
    do throws(PatternError) {
        pattern = try Pattern(source)
    } catch {
        FuzzCheck.require(error.column >= 1 && error.column <= source.unicodeScalars.count + 1,
                          "column \(error.column) outside a pattern of \(source.unicodeScalars.count) scalars: \(error)")
        FuzzCheck.require(!error.reason.isEmpty, "a refusal without a reason")
        return 0
    }
    FuzzCheck.require(pattern.stateCount >= 1 && pattern.stateCount <= Pattern.maxStates, "\(pattern.stateCount) states")
    // A search costs up to states × bytes (2.5 ns each in release, ten times that under ASan):
    // the text is cut so that one input's three searches stay far inside libFuzzer's timeout.
    let text = UnsafeBufferPointer(rebasing: rest.prefix(workPerSearch / pattern.stateCount))
    let answer = pattern.matches(utf8: text)
    for variant in ["(?:" + source + ")", "^[^]*(?:" + source + ")"] {
        do throws(PatternError) {
            let wrapped = try Pattern(variant)
            FuzzCheck.require(wrapped.matches(utf8: text) == answer, "/\(source)/ and /\(variant)/ disagree")
        } catch {
            // Wrapping may pass a cap the pattern itself is just inside of; nothing else may refuse it.
            FuzzCheck.require(error.reason.contains("cap") || error.reason.contains("nest"), "/\(variant)/ refused: \(error)")
        }
    }
    if let string = String(validating: text, as: UTF8.self) {
        FuzzCheck.require(pattern.matches(string) == answer, "/\(source)/: the String and byte searches disagree")
    }
    return 0
}
