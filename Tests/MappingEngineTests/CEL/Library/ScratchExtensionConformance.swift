// SCRATCH (library helper): not to be committed.
import Testing

@Suite struct ScratchExtensionConformance {
    @Test func extensionFiles() throws {
        for name in ["string_ext", "math_ext"] {
            let file = try ConformanceCorpus.load(name)
            var total = 0, passed = 0
            for section in file.sections {
                for test in section.tests where !test.usesProto {
                    total += 1
                    switch ConformanceRunner.run(test) {
                    case .passed: passed += 1
                    case .failed(let reason): print("FAIL \(name)/\(section.name)/\(test.name): \(test.expr) — \(reason)")
                    }
                }
            }
            print("TALLY \(name): \(passed)/\(total)")
        }
    }
}

import CEL
@Suite struct ScratchTyping {
    @Test func typing() throws {
        let env = CELEnvironment(variables: [.init(name: "s", type: .string), .init(name: "d", type: .decimal), .init(name: "x", type: .dyn)])
        for source in ["'hello'.charAt(true)", "42.charAt(1)", "'a'.replace('a', 1)", "math.greatest(1, 2)", "math.greatest(1, 2.0)",
                       "math.greatest(1, 2, 3)", "math.greatest(1, 2, 3, 4)", "math.greatest([1, 2])", "math.greatest([1, 2.0])", "math.greatest('a')",
                       "math.greatest(1, 'a')", "math.greatest(x)", "math.abs(d)", "math.round(d)", "math.greatest(d, 1)", "'%.2f'.format([d])",
                       "s.replace('€', '').trim().replace(',', '.')", "s.split(',').join('-')", "strings.quote(s)", "math.greatest()",
                       "math.isNaN(1)", "math.bitShiftLeft(1u, 2)", "[1].join()", "s.format([1, 'a'])", "math.greatest(1,2,3,4,5,6,7,8,9)"] {
            do {
                let program = try CELProgram(source, in: env)
                print("TYPE \(source) : \(program.type)")
            } catch {
                print("TYPE \(source) : refused \(error.kind.rawValue) \(error.message)")
            }
        }
        var activation = CELActivation(variables: [.string("19,90 €"), .decimal(CELDecimal("0.125")!), .int(1)])
        for source in ["s.replace('€', '').trim().replace(',', '.')", "'%.2f|%s'.format([d, d])", "math.greatest(d, 0.12)", "math.round(d)"] {
            let program = try CELProgram(source, in: env)
            print("EVAL \(source) = \(LibraryCase.render(try program.evaluate(&activation)))")
        }
    }
}
