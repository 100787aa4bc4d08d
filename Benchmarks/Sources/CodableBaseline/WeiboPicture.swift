import Foundation

/// `WeiboPicture` of `schemas/weibo.yaml`; a third of the sizes arrive as strings (`"640"`).
public struct WeiboPicture: Codable, Sendable {
    public let url: URL?
    public let width: LaxInteger<UInt32>?
    public let height: LaxInteger<UInt32>?
    public let cutType: Int32?
    public let type: WeiboPictureType?
}
