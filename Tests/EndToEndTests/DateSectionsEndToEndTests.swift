import Foundation
import Imaging
import Testing

/// The real binary ordered by date over a folder of photos modified over three months, in tmux.
@Suite(.serialized) struct DateSectionsEndToEndTests {
    @Test func monthHeadingsInOrderWithTheirCountsAndBracketGoesToTheNextMonth() async throws {
        let gallery = try #require(galleryExecutable())
        let pictures = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: pictures) }
        let jpeg = Data(try JPEGCodec.encode(RGBImage(width: 64, height: 48, filledWith: RGB(60, 90, 160))))
        let days = ["2023-05-03", "2023-05-17", "2023-05-30", "2023-06-09", "2023-06-21",
                    "2023-07-01", "2023-07-02", "2023-07-14", "2023-07-31"]
        for (number, day) in days.enumerated() {
            let file = pictures.appendingPathComponent("photo\(number).jpg")
            try jpeg.write(to: file)
            let touch = try Process.run(URL(fileURLWithPath: "/usr/bin/touch"), arguments: ["-d", "\(day) 12:00", file.path])
            touch.waitUntilExit()
            #expect(touch.terminationStatus == 0)
        }

        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("LANG=en_GB.UTF-8 \(gallery) \(pictures.path) --sort date --render ascii; echo EXIT=$?", enter: true)
        let headings = ["May 2023 · 3 photos", "June 2023 · 2 photos", "July 2023 · 4 photos"]
        let shown = try await tmux.waitFor { screen in headings.allSatisfy { heading in screen.contains { $0.contains(heading) } } }
        #expect(shown.ok, "\(shown.screen.joined(separator: "\n"))")
        let rows = headings.compactMap { heading in shown.screen.firstIndex { $0.contains(heading) } }
        #expect(rows == rows.sorted() && rows.count == 3, "headings in order: \(rows)")
        /// The status bar: the line that says where the selection is.
        func status(_ screen: [String]) -> String { screen.last { $0.contains(" of 9") } ?? "" }
        #expect(status(shown.screen).contains("May 2023") && status(shown.screen).contains("1 of 9"))

        try tmux.press("]")
        let june = try await tmux.waitFor { status($0).contains("4 of 9") }
        #expect(june.ok && status(june.screen).contains("June 2023"), "\(status(june.screen))")
        try tmux.press("]")
        let july = try await tmux.waitFor { status($0).contains("6 of 9") }
        #expect(july.ok && status(july.screen).contains("July 2023"), "\(status(july.screen))")
        try tmux.press("[")
        #expect(try await tmux.waitFor { status($0).contains("4 of 9") }.ok)
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }
}
