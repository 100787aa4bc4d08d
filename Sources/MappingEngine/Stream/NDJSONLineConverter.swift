extension NDJSONConversion {
    /// How each line of a stream converts: the same on any thread.
    public struct LineConverter: Sendable {
        let engine: Engine
        let model: CompiledModel
        /// The options as the model answers them.
        let options: ConversionOptions

        /// Lines converted into `model` with `options`.
        public init(engine: Engine, model: CompiledModel, options: ConversionOptions) {
            self.engine = engine
            self.model = model
            self.options = model.answering(options)
        }

        /// What converting one line gives, its errors listed up to `maxErrors`.
        func outcome(of raw: UnsafeBufferPointer<UInt8>, tooLong: Bool, maxErrors: Int, workspace: Workspace) -> LineOutcome {
            if tooLong { return .tooLong }
            var count = raw.count
            while count > 0, [0x20, 0x09, 0x0D].contains(raw[count - 1]) { count -= 1 }
            guard count > 0 else { return .blank }
            let text = UnsafeBufferPointer(rebasing: raw[..<count])
            var lineOptions = options
            // The stream picks the cap: without `explain` what it can still list, so that the engine
            // need not record more; with it the whole cap, which also lists a line's coercions.
            lineOptions.maxErrors = maxErrors
            let outcome: LineOutcome
            switch engine.convert(text, model: model, options: lineOptions, workspace: workspace) {
            case .success(let success):
                outcome = .converted(options.explain ? ResultJSON.explained(success) : Array(success.output),
                                     recoveries: success.warningCount > 0 ? success.recoveries : nil)
            case .failure(let errors):
                if let last = errors.last, last.code == .tooManyErrors {
                    outcome = .failed(errors.dropLast().map(ResultJSON.error), total: last.total ?? errors.count)
                } else {
                    outcome = .failed(errors.map(ResultJSON.error), total: errors.count)
                }
            case .malformed(let error):
                outcome = .failed([ResultJSON.syntaxError(error)], total: 1)
            case .unknownModel(let name):
                outcome = .failed([NDJSONConversion.entry(code: "unknown_schema", message: "no schema named '\(name)' is registered")], total: 1)
            }
            // The output was copied: nothing borrowed from the workspace is left.
            if workspace.hasGrown { workspace.shrink() }
            return outcome
        }
    }
}
