import Foundation
import TestSupport
import Testing

/// `t`'s jump to a date and `--since` / `--until`, through the real binary in tmux, over a
/// library of several years: folders by year and a flat folder of messenger-named files.
@Suite(.serialized) struct DateJumpEndToEndTests {
    /// Files and when they were last modified (the user's clock), oldest first: what `--sort date`
    /// and, without Exif, `--sort taken` order by; and a photo whose Exif says it was taken on
    /// 6 May 2022 (`camera-exif.jpg`), modified last.
    private static let files: [(path: String, modified: String)] = [
        ("2022/xmas.jpg", "2022-12-25 12:00"),
        ("2023/june.jpg", "2023-06-30 12:00"),
        ("WhatsApp/WhatsApp Image 2023-07-03 at 10.15.00.jpeg", "2023-07-03 10:15"),
        ("2023/beach.jpg", "2023-07-03 12:00"),
        ("WhatsApp/WhatsApp Image 2023-07-20 at 09.00.00.jpeg", "2023-07-20 09:00"),
        ("2023/august.jpg", "2023-08-02 12:00"),
        ("2024/snow.jpg", "2024-01-10 12:00"),
        ("2024/paris.jpg", "2024-02-01 12:00"),
    ]

    private static let exifPhoto = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ImagingTests/Fixtures/camera-exif.jpg")

    /// A short path, so the status bar has room for the sentences.
    private func library() async throws -> URL {
        let folder = URL(fileURLWithPath: "/tmp/gd-\(UUID().uuidString.prefix(6))")
        for path in Self.files.map(\.path) {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        try await writeDemoJPEGs(names: Self.files.map { $0.path.replacingOccurrences(of: "/", with: "%") }, into: folder)
        for (path, modified) in Self.files {
            let flat = folder.appendingPathComponent(path.replacingOccurrences(of: "/", with: "%"))
            try FileManager.default.moveItem(at: flat, to: folder.appendingPathComponent(path))
            if path.hasSuffix("paris.jpg") {
                try Data(contentsOf: Self.exifPhoto).write(to: folder.appendingPathComponent(path))
            }
            // The user's clock, as gallery reads it.
            let touched = try runProgram(["touch", "-d", modified, folder.appendingPathComponent(path).path])
            #expect(touched.status == 0, "\(touched.stderr)")
        }
        return folder
    }

    /// gallery with `options` over a new library in tmux, once `shown` is on screen.
    private func launch(_ options: String, showing shown: String) async throws -> (TmuxSession, URL) {
        let gallery = try #require(galleryExecutable())
        let folder = try await library()
        let tmux = try TmuxSession(columns: 160, rows: 40)
        try tmux.type("\(gallery) --render ascii -R \(options) \(folder.path); echo EXIT=$?", enter: true)
        let start = try await tmux.waitFor { $0.joined().contains(shown) }
        #expect(start.ok, "\(start.screen.joined(separator: "\n"))")
        return (tmux, folder)
    }

    /// `t`, the phrase, Enter; then waits for `shown`.
    private func jump(_ tmux: TmuxSession, to phrase: String, showing shown: String...) async throws {
        try tmux.press("t")
        try tmux.type(phrase)
        try tmux.press("Enter")
        let landed = try await tmux.waitFor { screen in shown.allSatisfy { screen.joined().contains($0) } }
        #expect(landed.ok, "\(landed.screen.joined(separator: "\n"))")
    }

    private func quit(_ tmux: TmuxSession) async throws {
        try tmux.press("q")
        #expect(try await tmux.waitFor { $0.contains { $0.contains("EXIT=0") } }.ok)
    }

    @Test func tLandsOnTheFirstPhotoOfTheMonthAndSaysWhenADayHasNone() async throws {
        let (tmux, folder) = try await launch("--sort taken", showing: "8 photos · 1 of 8")
        defer { try? FileManager.default.removeItem(at: folder) }
        try tmux.press("t")
        try tmux.type("2023-07")
        let prompt = try await tmux.waitFor { $0.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("jump to date: 2023-07") ?? false }
        #expect(prompt.ok, "\(prompt.screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        // The first photo of July 2023: the WhatsApp photo of the 3rd, at 10:15.
        let july = try await tmux.waitFor { $0.joined().contains("8 photos · 4 of 8") }
        #expect(july.ok, "\(july.screen.joined(separator: "\n"))")
        try tmux.press("Enter")
        let detail = try await tmux.waitFor { $0.joined().contains("File: WhatsApp Image 2023-07-03 at") && $0.joined().contains("4 of 8") }
        #expect(detail.ok, "\(detail.screen.joined(separator: "\n"))")
        try tmux.press("Escape")
        #expect(try await tmux.waitFor { $0.joined().contains("8 photos · 4 of 8") }.ok)
        // A day without photos: the next one, said in the status bar.
        try await jump(tmux, to: "july 10 2023", showing: "no photos on 10 Jul 2023; the next is 20 Jul 2023", "6 of 8")
        try await jump(tmux, to: "2031", showing: "no photos since 1 Jan 2031; the newest is 10 Jan 2024", "8 of 8")
        // By its Exif date, the photo modified last was taken first.
        try await jump(tmux, to: "may 2022", showing: "8 photos · 1 of 8")
        try await jump(tmux, to: "julyy", showing: "'julyy' is not a date: try 2023-07, july 2023 or yesterday")
        try await quit(tmux)
    }

    /// By name, `t` orders the grid by date taken first.
    @Test func tInAGridByNameOrdersItByDateTaken() async throws {
        let (tmux, folder) = try await launch("", showing: "by name · 8 photos · 1 of 8")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await jump(tmux, to: "2023-08", showing: "by date taken · 8 photos · 7 of 8")
        try await quit(tmux)
    }

    /// `--since` and `--until` show July's photos alone, the status bar says so, Esc shows them all
    /// with the same photo selected.
    @Test func sinceAndUntilShowOneMonthAndEscShowsAll() async throws {
        let (tmux, folder) = try await launch("--sort date --since 2023-07 --until 'july 2023'",
                                              showing: "1 Jul 2023 – 31 Jul 2023 · 3 photos · 1 of 3")
        defer { try? FileManager.default.removeItem(at: folder) }
        try tmux.press("l")
        #expect(try await tmux.waitFor { $0.joined().contains("3 photos · 2 of 3") }.ok)
        try tmux.press("Escape")
        let all = try await tmux.waitFor { $0.joined().contains("by date modified · 8 photos · 4 of 8") }
        #expect(all.ok, "\(all.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }

    /// The dates filter by the date taken, Exif's where the photo has one: in an order by
    /// modification time, the photo modified last but taken in 2022 is kept by `--until 2022`.
    @Test func theDatesAreTheDatesTaken() async throws {
        let (tmux, folder) = try await launch("--sort date --until 2022", showing: "until 31 Dec 2022 · 2 photos · 1 of 2")
        defer { try? FileManager.default.removeItem(at: folder) }
        try tmux.press("l", "Enter")
        let paris = try await tmux.waitFor { $0.joined().contains("File: paris.jpg") }
        #expect(paris.ok, "\(paris.screen.joined(separator: "\n"))")
        try tmux.press("Escape")
        try await quit(tmux)
    }

    /// A web catalog has no dates to keep to: the status bar says so.
    @Test func aCatalogSaysTheDatesAreForLocalPhotos() async throws {
        let gallery = try #require(galleryExecutable())
        let tmux = try TmuxSession(columns: 120, rows: 30)
        try tmux.type("\(gallery) --render ascii --source demo --until 2023; echo EXIT=$?", enter: true)
        let demo = try await tmux.waitFor { $0.joined().contains("--since and --until show local photos only") }
        #expect(demo.ok, "\(demo.screen.joined(separator: "\n"))")
        try await quit(tmux)
    }

    /// A date gallery cannot read is one line naming the option and the forms there are, status 64.
    @Test func aBadDateIsOneLineNamingTheOption() throws {
        let gallery = try #require(galleryExecutable())
        let result = try runProgram([gallery, "--since", "julyy"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--since") && result.stderr.contains("2023-07-14, july 2023"), "\(result.stderr)")
        let crossed = try runProgram([gallery, "--since", "2024", "--until", "2023-07"])
        #expect(crossed.status == 64)
        #expect(crossed.stderr.contains("--since 2024 is after --until 2023-07: no photo is taken in both"), "\(crossed.stderr)")
    }
}
