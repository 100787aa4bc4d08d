import MappingEngine

/// The `profile` query option (SPEC §10) as the OpenAPI document describes it. Its choices are
/// the registry's profiles, so it is a component each document builds, not one of
/// `APIComponents.Parameter`'s fixed ones, and a conversion's answer is one of the model's
/// output forms: `{Model}` without a profile, `{Model}.{profile}` with one.
enum ProfileParameter {
    static let name = "profile"

    static var reference: OpenAPIReferable<OpenAPIParameter> { .reference("#/components/parameters/\(name)") }

    /// The parameter whose choices are `profiles`; `described` names the profile a profiled
    /// document describes, whose only choice it is.
    static func parameter(_ profiles: [OutputProfile], described: String?) -> OpenAPIParameter {
        let choices = described.map { [$0] } ?? profiles.map(\.name)
        let what = described.map { "This document describes the output of `?profile=\($0)`; `GET /openapi.json` lists every profile." }
            ?? "How the output is written: `js` writes int64, uint64 and decimal as strings; the others are declared under "
            + "`$profiles` in the schema files (`GET /profiles`). `GET /openapi.json?profile=NAME` describes that profile's output."
        return OpenAPIParameter(name: name, location: .query, description: what,
                                schema: ["type": "string", "enum": .array(choices.map { .string($0) })])
    }

    /// `{Model}.{profile}`: the model's output under the profile (`.` is in no model or profile name).
    static func output(_ model: String, profile: String) -> String {
        ConversionOperations.output(model) + "." + profile
    }
}
