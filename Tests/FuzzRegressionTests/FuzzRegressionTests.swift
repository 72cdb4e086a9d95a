import Foundation
import FuzzTargets
import Testing

/// Every file in `Fuzz/Regressions/<target>/` is an input that once crashed that fuzz target or
/// failed one of its checks; replayed through the same target, it must now pass. A crash still
/// takes the test process down, which fails the run as surely.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/Regressions").standardized

    /// One saved input and the target it belongs to.
    struct Regression: CustomTestStringConvertible, Sendable {
        let target: FuzzTarget
        let file: URL
        var testDescription: String { "\(target.rawValue)/\(file.lastPathComponent)" }
    }

    static func directories() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    static let regressions: [Regression] = FuzzTarget.allCases.flatMap { target in
        let directory = folder.appendingPathComponent(target.rawValue)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map {
            Regression(target: target, file: directory.appendingPathComponent($0))
        }
    }

    @Test(arguments: regressions)
    func passesItsTarget(_ regression: Regression) throws {
        try regression.target.run([UInt8](Data(contentsOf: regression.file)))
    }

    /// A misspelt directory would silently replay nothing.
    @Test func everyDirectoryIsATarget() throws {
        let targets = Set(FuzzTarget.allCases.map(\.rawValue))
        #expect(try Self.directories().filter { !targets.contains($0) } == [])
    }
}
