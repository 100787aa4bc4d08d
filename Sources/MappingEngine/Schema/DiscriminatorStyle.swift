/// Where a discriminator's tag sits beside the object it picks a model for (SPEC §9), as serde
/// names the three representations of a tagged enum.
public enum DiscriminatorStyle: String, Sendable, Hashable, CaseIterable {
    /// The tag is a member of the object itself (`{"kind": "circle", "radius": 1}`), read by `from`.
    case `internal`
    /// The object has one member: its key is the tag, its value the content (`{"circle": {"radius": 1}}`).
    case external
    /// The tag at `from` and the content at `content`, side by side (`{"kind": "circle", "data": {"radius": 1}}`).
    case adjacent
}
