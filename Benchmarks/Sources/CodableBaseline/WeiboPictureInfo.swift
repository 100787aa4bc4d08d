/// `WeiboPictureInfo` of `schemas/weibo.yaml`; `filterId` arrives as a string (`"1"`).
public struct WeiboPictureInfo: Codable, Sendable {
    public let picId: String?
    public let objectId: String?
    public let filterId: LaxInteger<Int32>?
    public let photoTag: Int32?
    public let thumbnail: WeiboPicture?
    public let bmiddle: WeiboPicture?
    public let middleplus: WeiboPicture?
    public let large: WeiboPicture?
    public let largest: WeiboPicture?
    public let original: WeiboPicture?
}
