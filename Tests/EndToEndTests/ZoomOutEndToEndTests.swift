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

    /// gallery with `arguments` in a new tmux pane, its months and headings in English.
    private func start(_ arguments: String, columns: Int = 120, rows: Int = 40) async throws -> TmuxSession {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: columns, rows: rows)
        try tmux.type("LANG=en_GB.UTF-8 \(gallery) --render ascii \(arguments); echo EXIT=$?", enter: true)
        return tmux
    }

    /// Waits until the screen shows each of `texts`; an issue with the screen when it does not.
    private func shows(_ tmux: TmuxSession, _ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try await tmux.waitFor { screen in texts.allSatisfy { screen.joined().contains($0) } }
        #expect(shown.ok, "\(texts) not all in \(shown.screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
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

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImagingTests/Fixtures")

    /// A library whose dates are the dates taken, however they are known: 2021/12 (a photo modified
    /// then), 2022 (a camera's photo, its Exif 6 May 2022, copied today; one modified on 20 May
    /// 2022), 2023/07 (2 modified on 10-11 July, a phone's video `VID_20230712_…`, copied today),
    /// WhatsApp, flat, without Exif and copied today: 2 July 2023, 3 August 2023, 1 January 2024
    /// by their names. Months by date taken: Dec 2021 (1), May 2022 (2), July 2023 (3 photos and
    /// the video), August 2023 (1), January 2024 (1).
    private func libraryByDateTaken() async throws -> URL {
        let root = URL(fileURLWithPath: "/tmp/gt-\(UUID().uuidString.prefix(6))")
        let touched: [(path: String, date: String)] = [
            ("2021/12/xmas.jpg", "2021-12-25 12:00"), ("2022/b.jpg", "2022-05-20 12:00"),
            ("2023/07/d.jpg", "2023-07-10 12:00"), ("2023/07/e.jpg", "2023-07-11 12:00"),
        ]
        let named = ["WhatsApp/IMG-20230702-WA0001.jpg", "WhatsApp/WhatsApp Image 2023-08-03 at 10.15.00.jpeg",
                     "WhatsApp/IMG-20240101-WA0003.jpg"]
        for folder in ["2021/12", "2022", "2023/07", "WhatsApp"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let flat = (touched.map(\.path) + named).map { $0.replacingOccurrences(of: "/", with: "%") }
        try await writeDemoJPEGs(names: flat, into: root)
        for (name, path) in zip(flat, touched.map(\.path) + named) {
            try FileManager.default.moveItem(at: root.appendingPathComponent(name), to: root.appendingPathComponent(path))
        }
        for file in touched {
            let result = try runProgram(["touch", "-d", file.date, root.appendingPathComponent(file.path).path])
            try #require(result.status == 0, "touch: \(result.stderr)")
        }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("camera-exif.jpg"),
                                         to: root.appendingPathComponent("2022/camera-exif.jpg"))
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("clip.mp4"),
                                         to: root.appendingPathComponent("2023/07/VID_20230712_101500.mp4"))
        return root
    }

    /// The issue's walk through a library by date taken: headings in order, `t 2023-07` on July's
    /// first photo (a messenger's, dated by its name), `z`'s months with their counts, Enter back.
    @Test func aLibraryByDateTakenHasItsMonthsInOrderAJumpAndItsMonthsAtAGlance() async throws {
        let root = try await libraryByDateTaken()
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = try await start("--thumb-size 30x5 --sort taken -R \(root.path)", columns: 160, rows: 50)
        let headings = ["December 2021 · 1 photo", "May 2022 · 2 photos", "July 2023 · 3 photos, 1 video",
                        "August 2023 · 1 photo", "January 2024 · 1 photo"]
        let grid = try await tmux.waitFor { screen in headings.allSatisfy { heading in screen.contains { $0.contains(heading) } } }
        #expect(grid.ok, "\(grid.screen.joined(separator: "\n"))")
        let rows = headings.compactMap { heading in grid.screen.firstIndex { $0.contains(heading) } }
        #expect(rows == rows.sorted() && rows.count == headings.count, "headings in order: \(rows)")
        #expect(grid.screen.joined().contains("by date taken · 8 photos · 1 video · 1 of 9"), "\(grid.screen.joined(separator: "\n"))")

        // July 2023's first photo: the WhatsApp photo of the 2nd, after the three before July.
        try tmux.press("t")
        try tmux.type("2023-07")
        try tmux.press("Enter")
        try await shows(tmux, "4 of 9 · July 2023")
        try tmux.press("Enter")
        try await shows(tmux, "File: IMG-20230702-WA0001.jpg", "Taken 2 Jul 2023", "(from the file")
        try tmux.press("Escape")
        try await shows(tmux, "4 of 9 · July 2023")

        // The months, July selected, each with its count; the status bar says July's whole.
        try tmux.press("z")
        try await shows(tmux, "5 months · 3 of 5 · July 2023 · 3 photos, 1 video", "Dec 2021 · 1 photo", "May 2022 · 2 photos",
                        "Jul 2023 · 3 photos, 1 video", "Aug 2023 · 1 photo", "Jan 2024 · 1 photo")
        // May 2022, then Enter: its first photo, the camera's of the 6th.
        try tmux.press("h")
        try await shows(tmux, "5 months · 2 of 5 · May 2022 · 2 photos")
        try tmux.press("Enter")
        try await shows(tmux, "2 of 9 · May 2022")
        try tmux.press("Enter")
        try await shows(tmux, "File: camera-exif.jpg")
        try tmux.press("Escape")
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
