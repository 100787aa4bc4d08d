import Foundation
import Spooling
import Testing
@testable import MappingEngine

/// A streamed array under a profile gives the whole document's bytes: the model compiled for
/// the profile is the one each element converts with.
@Suite struct ProfileStreamTests {
    @Test(arguments: [1, 7, 1000], ["js", "mobile"])
    func aStreamedArrayUnderAProfileGivesTheWholeDocumentsBytes(size: Int, profile: String) throws {
        let engine = try EngineFixture.engine(OutputProfileTests.schema)
        let text = "[" + Array(repeating: OutputProfileTests.input, count: 3).joined(separator: ",") + "]"
        let whole = try OutputProfileTests.convert(engine, text, "Order", profile: profile)
        let spool = Spool()
        let conversion = ArrayConversion(model: try engine.model(named: "Order", profile: profile).get(), options: ConversionOptions(), output: spool)
        let workspace = Workspace()
        Array(text.utf8).withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: size) {
                conversion.feed(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + size)]), workspace: workspace)
            }
        }
        guard case .converted = conversion.finish(workspace: workspace) else {
            Issue.record("the streamed array did not convert")
            return
        }
        #expect(String(decoding: spool.take().readAll(), as: UTF8.self) == whole)
    }
}
