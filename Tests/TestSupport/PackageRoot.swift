import Foundation

/// The package's root folder, found from this file (`Tests/TestSupport/PackageRoot.swift`), so
/// that a test reads the repository's files wherever its own file sits.
public enum PackageRoot {
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
