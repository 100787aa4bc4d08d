/// The image formats `WeiboPicture.type` allows.
public enum WeiboPictureType: String, Codable, Sendable {
    case jpeg = "JPEG"
    case webp = "WEBP"
    case gif = "GIF"
    case png = "PNG"
}
