/// Schema files of hostile shapes — long chains of references and of `extends`, cycles, deep
/// types, deep files, long key paths — as text, for the tests that load them through every door.
public enum SchemaShapes {
    /// `M0 … M{count-1}`, each with a property `next` of the next model's type; the last holds an int.
    public static func referenceChain(_ count: Int) -> String {
        var models = (0..<count - 1).map { #""M\#($0)": {"properties": {"next": {"type": "M\#($0 + 1)"}}}"# }
        models.append(#""M\#(count - 1)": {"properties": {"x": "int32"}}"#)
        return "{" + models.joined(separator: ",\n") + "}"
    }

    /// `M0 … M{count-1}`, each using the next and the last using `M0`: one cycle through them all.
    public static func referenceCycle(_ count: Int) -> String {
        "{" + (0..<count).map { #""M\#($0)": {"properties": {"next": {"type": "M\#(($0 + 1) % count)?"}, "n": "int32"}}"# }
            .joined(separator: ",\n") + "}"
    }

    /// `E0 … E{count-1}`, each extending the one before and adding a property `p{i}`: `E{i}` is `i` deep.
    public static func extendsChain(_ count: Int) -> String {
        var models = [#""E0": {"properties": {"p0": "int32"}}"#]
        models += (1..<max(count, 1)).map { #""E\#($0)": {"extends": "E\#($0 - 1)", "properties": {"p\#($0)": "int32"}}"# }
        return "{" + models.joined(separator: ",\n") + "}"
    }

    /// `count` unrelated models `W0 …` of `properties` properties each.
    public static func manyModels(_ count: Int, properties: Int = 4) -> String {
        let body = (0..<properties).map { #""p\#($0)": "int32""# }.joined(separator: ", ")
        return "{" + (0..<count).map { #""W\#($0)": {"properties": {\#(body)}}"# }.joined(separator: ",\n") + "}"
    }

    /// A type nesting `depth` containers around `int32`, alternating array, set and map.
    public static func nestedType(_ depth: Int) -> String {
        let words = ["array", "map", "set"]
        return (0..<depth).map { words[$0 % 3] + "<" }.joined() + "int32" + String(repeating: ">", count: depth)
    }

    /// A JSON schema file of one model `Deep` whose `any` property's default nests arrays until the
    /// file is `depth` containers deep (the file's object, the model, its properties and the
    /// property's options are the first 4).
    public static func deepJSONFile(_ depth: Int) -> String {
        let arrays = max(depth - 4, 0)
        let value = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
        return #"{"Deep": {"properties": {"v": {"type": "any", "default": \#(arrays == 0 ? "1" : value)}, "n": "int32"}}}"#
    }

    /// `deepJSONFile` in YAML block style: the default's arrays as nested block sequences.
    public static func deepYAMLFile(_ depth: Int) -> String {
        let arrays = max(depth - 4, 0)
        var text = "Deep:\n  properties:\n    n: int32\n    v:\n      type: any\n      default:"
        if arrays == 0 { return text + " 1\n" }
        // `- ` opens a sequence inside the last one, on one line: "- - - 1".
        text += "\n        " + String(repeating: "- ", count: arrays) + "1\n"
        return text
    }

    /// A YAML document of nothing but `depth` nested flow sequences: `[[[…]]]`.
    public static func flowYAML(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
    }

    /// A `from` key path of `steps` keys: `k.k.k…`.
    public static func keyPath(_ steps: Int) -> String {
        Array(repeating: "k", count: steps).joined(separator: ".")
    }
}
