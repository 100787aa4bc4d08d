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

        /// Converts one line, its errors listed up to `maxErrors`, and hands `body` what it gave:
        /// a converted line's output borrowed for the call (from `workspace`, or from the
        /// explained answer), so that a line written where it converts is not copied first.
        func withOutcome<R>(of raw: UnsafeBufferPointer<UInt8>, tooLong: Bool, maxErrors: Int, workspace: Workspace,
                            _ body: (LineOutcome<UnsafeBufferPointer<UInt8>>) -> R) -> R {
            if tooLong { return body(.tooLong) }
            var count = raw.count
            while count > 0, [0x20, 0x09, 0x0D].contains(raw[count - 1]) { count -= 1 }
            guard count > 0 else { return body(.blank) }
            let text = UnsafeBufferPointer(rebasing: raw[..<count])
            var lineOptions = options
            // The stream picks the cap: without `explain` what it can still list, so that the engine
            // need not record more; with it the whole cap, which also lists a line's coercions.
            lineOptions.maxErrors = maxErrors
            // The output is borrowed from the workspace until the next conversion in it.
            defer { if workspace.hasGrown { workspace.shrink() } }
            switch engine.convert(text, model: model, options: lineOptions, workspace: workspace) {
            case .success(let success):
                let recoveries = success.warningCount > 0 ? success.recoveries : nil
                guard !options.explain else {
                    return ResultJSON.explained(success).withUnsafeBufferPointer { body(.converted($0, recoveries: recoveries)) }
                }
                return body(.converted(success.output, recoveries: recoveries))
            case .failure(let errors):
                if let last = errors.last, last.code == .tooManyErrors {
                    return body(.failed(errors.dropLast().map(ResultJSON.error), total: last.total ?? errors.count))
                }
                return body(.failed(errors.map(ResultJSON.error), total: errors.count))
            case .malformed(let error):
                return body(.failed([ResultJSON.syntaxError(error)], total: 1))
            case .unknownModel(let name):
                return body(.failed([NDJSONConversion.entry(code: "unknown_schema", message: "no schema named '\(name)' is registered")], total: 1))
            }
        }
    }
}
