extension SchemaUpdate {
    /// Adds what a drift report (`GET /schemas/{Model}/drift`, saved as JSON) saw: each
    /// unknown key becomes an optional property typed by the JSON kinds seen, each value
    /// outside an `enum` joins it, and its errors are fixed as a sample's are when the code
    /// alone says how (`missing`, `out_of_range`); a bound needs the value, which a report does
    /// not hold, so those are notes. Throws when the report is not one, or is for another model.
    public mutating func add(driftReport report: JSONValue) throws(SchemaUpdateError) {
        guard case .object = report else { throw SchemaUpdateError("a drift report is a JSON object, not \(report.typeName)") }
        if let named = report["model"] {
            guard case .string(let name) = named else { throw SchemaUpdateError("the drift report's 'model' is not a string") }
            guard name == model else { throw SchemaUpdateError("the drift report is for the model '\(name)', not '\(model)'") }
        }
        let unknownKeys = try entries("unknownKeys", of: report)
        let outsideEnum = try entries("outsideEnum", of: report)
        let errors = try entries("errors", of: report)
        var touched: [AddedKey] = []
        var edits: [SchemaEdit] = []
        for entry in unknownKeys {
            guard case .string(let path)? = entry["path"] else {
                note("a drift report's unknown key has no path")
                continue
            }
            var kinds: Set<String> = []
            if case .array(let list)? = entry["kinds"] {
                for case .string(let kind) in list { kinds.insert(kind) }
            }
            plan(unknownKey: path, value: Self.example(entry["example"]), kinds: kinds, touched: &touched)
        }
        for entry in outsideEnum {
            guard case .string(let path)? = entry["path"] else { continue }
            guard let target = locate(outputPath: path) else {
                note("left: \(path) enum_mismatch (no property of \(original.file) there)")
                continue
            }
            let value = Self.example(entry["value"])
            if value == nil { note("left: \(path) enum_mismatch: the report's value is cut short") }
            edits += fixes(for: .enumMismatch, at: target, value: value)
        }
        for entry in errors {
            guard case .string(let path)? = entry["path"], case .string(let text)? = entry["code"] else { continue }
            let found = ErrorCode(rawValue: text).flatMap { code in locate(outputPath: path).map { (code, $0) } }
            let fixed = found.map { fixes(for: $0.0, at: $0.1, value: nil) } ?? []
            if fixed.isEmpty { note("left: \(path.isEmpty ? "/" : path) \(text)") }
            edits += fixed
        }
        for key in touched { if let edit = addition(key) { edits.append(edit) } }
        _ = commit(edits)
        if case .object(let omitted)? = report["omitted"] {
            let total = omitted.reduce(0) { sum, member in
                if case .number(let text) = member.value, let count = Int(text) { return sum + max(0, count) }
                return sum
            }
            if total > 0 { note("the drift report left out \(total) entries: a later report may show more") }
        }
    }

    /// The objects of the report's list `key` (absent: none), at most `limits.maxReportEntries`.
    private func entries(_ key: String, of report: JSONValue) throws(SchemaUpdateError) -> ArraySlice<JSONValue> {
        switch report[key] {
        case nil: return []
        case .array(let items)?: return items.prefix(limits.maxReportEntries)
        case let other?: throw SchemaUpdateError("the drift report's '\(key)' must be a list, not \(other.typeName)")
        }
    }

    /// A value a report shows as minified JSON text; nil when absent, or cut short and so not JSON.
    private static func example(_ text: JSONValue?) -> JSONValue? {
        guard case .string(let json)? = text else { return nil }
        return try? JSONValue(parsing: json)
    }
}
