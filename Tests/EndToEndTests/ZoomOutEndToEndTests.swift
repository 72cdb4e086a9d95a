import Foundation
import TestSupport
import Testing

/// `z` through the real binary over a generated library of several years: a Year/Month tree under
/// `-R` and a flat messenger folder, dated by their modification times (`touch -d`).
@Suite(.serialized) struct ZoomOutEndToEndTests {
    /// lib/2022/05 (3 photos, May 2022), lib/2023/07 (2, July 10-11), lib/2023/08 (4, August), and
    /// lib/WhatsApp, flat: 2 of July 14-15 2023 and 1 of January 2024. Months by date: May 2022 (3),
    /// July 2023 (4), August 2023 (4), January 2024 (1).
    private func library() async throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-zoom-\(UUID().uuidString)")
        let files: [(folder: String, name: String, date: String)] = [
            ("2022/05", "a.jpg", "2022-05-03 12:00"), ("2022/05", "b.jpg", "2022-05-04 12:00"), ("2022/05", "c.jpg", "2022-05-20 12:00"),
            ("2023/07", "d.jpg", "2023-07-10 12:00"), ("2023/07", "e.jpg", "2023-07-11 12:00"),
            ("2023/08", "f.jpg", "2023-08-01 12:00"), ("2023/08", "g.jpg", "2023-08-02 12:00"),
            ("2023/08", "h.jpg", "2023-08-03 12:00"), ("2023/08", "i.jpg", "2023-08-31 12:00"),
            ("WhatsApp", "IMG-20230714-WA0001.jpg", "2023-07-14 12:00"), ("WhatsApp", "IMG-20230715-WA0002.jpg", "2023-07-15 12:00"),
            ("WhatsApp", "IMG-20240101-WA0003.jpg", "2024-01-01 12:00"),
        ]
        for (folder, group) in Dictionary(grouping: files, by: \.folder) {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try await writeDemoJPEGs(names: group.map(\.name), into: url)
        }
        for file in files {
            let result = try runProgram(["touch", "-d", file.date, root.appendingPathComponent("\(file.folder)/\(file.name)").path])
            try #require(result.status == 0, "touch: \(result.stderr)")
        }
        return root
    }

    private func start(_ arguments: String) async throws -> TmuxSession {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 120, rows: 40)
        try tmux.type("\(gallery) --render ascii \(arguments); echo EXIT=$?", enter: true)
        return tmux
    }

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.press("q")
        let exited = try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }
        #expect(exited.ok, "gallery did not exit 0: \(exited.screen.joined(separator: "\n"))")
    }

    @Test func zShowsMonthsThenYearsAndEnterGoesBackInAtTheMonthsFirstPhoto() async throws {
        let root = try await library()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try await start("--sort date -R \(root.path)")
        let grid = try await tmux.waitFor { $0.joined().contains("by date modified · 12 photos · 1 of 12") }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        try tmux.press("z")
        let months = try await tmux.waitFor { $0.joined().contains("4 months · 1 of 4") && $0.joined().contains("Jan 2024 · 1 photo") }
        #expect(months.ok, "\(months.screen.joined(separator: "\n"))")
        for title in ["May 2022 · 3 photos", "Jul 2023 · 4 photos", "Aug 2023 · 4 photos"] {
            #expect(months.screen.joined().contains(title), "\(title): \(months.screen.joined(separator: "\n"))")
        }
        try tmux.press("z")
        let years = try await tmux.waitFor { $0.joined().contains("3 years · 1 of 3") && $0.joined().contains("2024 · 1 photo") }
        #expect(years.ok, "\(years.screen.joined(separator: "\n"))")
        #expect(years.screen.joined().contains("2022 · 3 photos") && years.screen.joined().contains("2023 · 8 photos"))
        // 2023, then Enter: its months, July selected; Enter on July: its first photo, 2023/07/d.jpg.
        try tmux.press("l")
        try tmux.press("Enter")
        let july = try await tmux.waitFor { $0.joined().contains("4 months · 2 of 4") }
        #expect(july.ok, "\(july.screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        let photo = try await tmux.waitFor { $0.joined().contains("12 photos · 4 of 12") }
        #expect(photo.ok, "\(photo.screen.joined(separator: "\n"))")
        // Zoomed out again, Esc goes back in where it was.
        try tmux.press("z")
        #expect(try await tmux.waitFor { $0.joined().contains("4 months · 2 of 4") }.ok)
        try tmux.press("Escape")
        #expect(try await tmux.waitFor { $0.joined().contains("12 photos · 4 of 12") }.ok)
        try await quit(tmux)
    }

    @Test func aFlatFolderZoomsOutToItsMonthsToo() async throws {
        let root = try await library()
        defer { try? FileManager.default.removeItem(at: root) }
        // By name: `z` orders it by date taken first (no Exif here: the modification times).
        let tmux = try await start(root.appendingPathComponent("WhatsApp").path)
        #expect(try await tmux.waitFor { $0.joined().contains("by name · 3 photos · 1 of 3") }.ok)
        try tmux.press("z")
        let months = try await tmux.waitFor { $0.joined().contains("2 months · 1 of 2") }
        #expect(months.ok, "\(months.screen.joined(separator: "\n"))")
        #expect(months.screen.joined().contains("Jul 2023 · 2 photos") && months.screen.joined().contains("Jan 2024 · 1 photo"),
                "\(months.screen.joined(separator: "\n"))")
        try tmux.press("l")
        try tmux.press("Enter")
        let photo = try await tmux.waitFor { $0.joined().contains("by date taken · 3 photos · 3 of 3") }
        #expect(photo.ok, "\(photo.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }
}
