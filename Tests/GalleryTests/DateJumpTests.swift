import Foundation
import Imaging
import OperatingSystem
import TUI
import TerminalVocabulary
import TestSupport
import Testing
@testable import Gallery

/// `t`'s jump to a date on a list's timeline, and `--since` / `--until` on a folder's listing.
@MainActor
@Suite("Jump to a date")
struct DateJumpTests {
    nonisolated private static func day(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12) -> PhotoDate {
        PhotoDate(year: year, month: month, day: day, hour: hour)!
    }

    nonisolated private static func range(_ text: String) throws -> Range<PhotoDate> {
        try DateQuery(parsing: text).range(today: day(2024, 3, 6))
    }

    /// Two folder tiles, then photos of 3 and 20 July, 2 (twice) and 30 August 2023.
    nonisolated private static let dates: [PhotoDate?] = [nil, nil, day(2023, 7, 3), day(2023, 7, 20), day(2023, 8, 2, 9),
                                              day(2023, 8, 2, 18), day(2023, 8, 30)]

    // MARK: The timeline

    @Test func oldestFirstTheJumpLandsOnTheSpansFirstPhotoElseTheNextAfterIt() throws {
        let timeline = Timeline(dates: Self.dates, isNewestFirst: false)
        // On a date: its first photo; folder tiles passed over.
        #expect(timeline.landing(in: try Self.range("2023-07")) == .on(2))
        #expect(timeline.landing(in: try Self.range("2 aug 2023")) == .on(4))
        #expect(timeline.landing(in: try Self.range("2023")) == .on(2))
        // Between dates: the nearest after it.
        #expect(timeline.landing(in: try Self.range("2023-07-14")) == .after(3, date: Self.day(2023, 7, 20)))
        // Before the first: the first.
        #expect(timeline.landing(in: try Self.range("2020")) == .after(2, date: Self.day(2023, 7, 3)))
        // After the last: the newest, the last.
        #expect(timeline.landing(in: try Self.range("2023-09")) == .newest(6, date: Self.day(2023, 8, 30)))
        #expect(Timeline(dates: [nil, nil], isNewestFirst: false).landing(in: try Self.range("2023")) == .nothing)
        #expect(Timeline(dates: [], isNewestFirst: true).landing(in: try Self.range("2023")) == .nothing)
    }

    /// Newest first, the span's first photo going down the list is its newest; with none in it,
    /// the nearest after it in time is the one just above where it would be.
    @Test func newestFirstTheJumpLandsOnTheSpansNewestPhotoElseTheNextAfterIt() throws {
        let dates: [PhotoDate?] = [nil, nil] + Self.dates.compactMap { $0 }.reversed()
        let timeline = Timeline(dates: dates, isNewestFirst: true)
        // 30 Aug, 2 Aug 18:00, 2 Aug 9:00, 20 Jul, 3 Jul at 2...6.
        #expect(timeline.landing(in: try Self.range("2023-07")) == .on(5))
        #expect(timeline.landing(in: try Self.range("2023-08-02")) == .on(3))
        #expect(timeline.landing(in: try Self.range("2023")) == .on(2))
        #expect(timeline.landing(in: try Self.range("2023-07-14")) == .after(5, date: Self.day(2023, 7, 20)))
        #expect(timeline.landing(in: try Self.range("2020")) == .after(6, date: Self.day(2023, 7, 3)))
        #expect(timeline.landing(in: try Self.range("2023-09")) == .newest(2, date: Self.day(2023, 8, 30)))
    }

    // MARK: Through the update

    /// A dated list answering each page at once with its total and the whole timeline.
    private final class DatedSource: PhotoSource {
        let dates: [PhotoDate?]
        let newestFirst: Bool
        let sendsTimeline: Bool
        private let asked = Locked<[Int]>([])
        var pageCalls: [Int] { asked.withLock { $0 } }

        init(dates: [PhotoDate?], newestFirst: Bool = false, sendsTimeline: Bool = true) {
            self.dates = dates
            self.newestFirst = newestFirst
            self.sendsTimeline = sendsTimeline
        }

        func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
            try await self.page(of: .all, page: page, perPage: perPage).photos
        }

        func page(of feed: PhotoFeed, page: Int, perPage: Int) async throws -> PhotoPage {
            asked.withLock { $0.append(page) }
            let start = (page - 1) * perPage
            let photos = (start..<min(dates.count, start + perPage)).map { LibraryItem.sample("photo-\($0)") }
            var answer = PhotoPage(photos: photos, isLast: start + perPage >= dates.count, total: dates.count)
            if sendsTimeline { answer.timeline = Timeline(dates: dates, isNewestFirst: newestFirst) }
            return answer
        }

        func photo(id: String) async throws -> LibraryItem { LibraryItem.sample(id) }

        func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
            .web(FakePhotoSource.imageURL(id: photo.id, width: width, height: height, fit: fit))
        }
    }

    private func grid(_ source: DatedSource, perPage: Int = 2) -> PhotosViewModel {
        let grid = PhotosViewModel(source: source, loader: FakeImageLoader(), renderer: FakeRenderer(), renderMode: .ascii,
                                   perPage: perPage, cache: ThumbnailCache(capacityBytes: 1 << 20))
        grid.today = { Self.day(2024, 3, 6) }
        return grid
    }

    /// Asked for before the first page came, the jump lands once it comes; to a page not loaded
    /// (a hole), the selection goes to its place and the page is asked for.
    @Test func tThroughTheUpdateLandsOnAPageNotLoadedYet() async throws {
        let source = DatedSource(dates: Self.dates)
        let grid = grid(source)
        grid.update(.appeared)
        grid.update(.jump(to: try DateQuery(parsing: "2023-08")))
        await grid.until { grid.selectedPhoto?.id == "photo-4" }
        #expect(grid.selectedIndex == 4)
        #expect(source.pageCalls == [1, 3])
        #expect(grid.note == nil)
        grid.update(.jump(to: try DateQuery(parsing: "2023-08-20")))
        await grid.until { grid.selectedPhoto?.id == "photo-6" }
        #expect(grid.note == "no photos on 20 Aug 2023; the next is 30 Aug 2023")
        grid.update(.jump(to: try DateQuery(parsing: "last year")))
        #expect(grid.selectedIndex == 2)
        #expect(grid.note == nil)
        grid.update(.jump(to: try DateQuery(parsing: "this month")))
        await grid.until { grid.selectedPhoto?.id == "photo-6" }
        #expect(grid.note == "no photos since 1 Mar 2024; the newest is 30 Aug 2023")
    }

    @Test func newestFirstTheJumpGoesToTheNewestPhotoOfTheDay() async throws {
        let source = DatedSource(dates: [nil] + Self.dates.compactMap { $0 }.reversed(), newestFirst: true)
        let grid = grid(source)
        grid.update(.appeared)
        grid.update(.jump(to: try DateQuery(parsing: "2 aug 2023")))
        await grid.until { grid.selectedPhoto?.id == "photo-2" }
        grid.update(.jump(to: try DateQuery(parsing: "10 jul 2023")))
        await grid.until { grid.selectedPhoto?.id == "photo-4" }
        #expect(grid.note == "no photos on 10 Jul 2023; the next is 20 Jul 2023")
    }

    /// Photos trashed and put back keep the timeline in step with the list.
    @Test func theTimelineFollowsTrashAndRestore() async throws {
        let source = DatedSource(dates: Self.dates)
        let grid = grid(source, perPage: 10)
        grid.update(.appeared)
        await grid.until { grid.photos.count == 7 }
        let july = grid.places(ofIDs: ["photo-2", "photo-3"])
        grid.update(.removed(["photo-2", "photo-3"]))
        #expect(grid.timeline?.dates.count == 5)
        grid.update(.jump(to: try DateQuery(parsing: "2023-07")))
        #expect(grid.selectedPhoto?.id == "photo-4")
        #expect(grid.note == "no photos in July 2023; the next is 2 Aug 2023")
        for (photo, index) in july { grid.update(.putBack(photo, at: index)) }
        #expect(grid.timeline == Timeline(dates: Self.dates, isNewestFirst: false))
        grid.update(.jump(to: try DateQuery(parsing: "2023-07")))
        #expect(grid.selectedPhoto?.id == "photo-2")
    }

    /// While a date is typed, the screen it lands on is made ahead (its pages asked for, its
    /// thumbnails rendered); the jump then shows it without a render more.
    @Test func theLandingOfAJumpBeingTypedIsMadeAhead() async throws {
        let source = DatedSource(dates: Self.dates)
        let renderer = FakeRenderer()
        let cache = ThumbnailCache(capacityBytes: 1 << 20)
        let grid = PhotosViewModel(source: source, loader: FakeImageLoader(), renderer: renderer, renderMode: .ascii,
                                   perPage: 2, cache: cache)
        grid.today = { Self.day(2024, 3, 6) }
        grid.update(.appeared)
        await grid.until { !grid.photos.isEmpty }
        let landing = try #require(grid.landing(of: try DateQuery(parsing: "2023-08")))
        #expect(landing == 4)
        grid.update(.prepareLanding([4, 5, 6]))
        let made = {
            (4..<7).allSatisfy { cache.thumbnail(for: ThumbnailKey(photoID: "photo-\($0)", cells: grid.thumbnailSize,
                                                                   renderMode: .ascii, fit: grid.fit)) != nil }
        }
        await grid.until { made() }
        #expect(source.pageCalls.sorted() == [1, 3, 4], "the landing's pages asked for")
        #expect(renderer.renders == 3)
        grid.update(.jump(to: try DateQuery(parsing: "2023-08")))
        for index in 4..<7 { grid.update(.willDisplay(index)) }
        #expect((4..<7).allSatisfy { grid.thumbnailState(at: $0)?.thumbnail != nil }, "shown at once, made ahead")
        #expect(renderer.renders == 3)
    }

    /// A list not ordered by date has no timeline: the jump says so and moves nothing.
    @Test func withoutATimelineTheJumpSaysWhy() async throws {
        let source = DatedSource(dates: Self.dates, sendsTimeline: false)
        let grid = grid(source)
        grid.update(.appeared)
        await grid.until { !grid.photos.isEmpty }
        grid.update(.select(1))
        grid.update(.jump(to: try DateQuery(parsing: "2023")))
        #expect(grid.selectedIndex == 1)
        #expect(grid.note == PhotosViewModel.jumpNeedsDates)
    }

    // MARK: In a folder

    /// Files whose dates taken are given (as Exif would): july-a on 3 July 2023, july-b on 20 July,
    /// june on 30 June, aug on 2 August 2023, and a folder.
    private static func datedLibrary() throws -> (TemporaryDirectory, DateTaken) {
        let folder = try TemporaryDirectory()
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))
        try FileManager.default.createDirectory(atPath: folder.path + "/trip", withIntermediateDirectories: true)
        let taken = ["july-a.jpg": day(2023, 7, 3), "july-b.jpg": day(2023, 7, 20), "june.jpg": day(2023, 6, 30),
                     "aug.jpg": day(2023, 8, 2)]
        for name in taken.keys { try folder.write(jpeg, to: name) }
        let seconds = Dictionary(uniqueKeysWithValues: taken.map { ($0.key, $0.value.secondsSince1970AsUTC) })
        return (folder, DateTaken { path in seconds[LocalFile.name(of: path)] })
    }

    private func type(_ text: String, into app: LibraryHarness) {
        for character in text { app.press(.character(character)) }
    }

    /// In a grid by name, `t` orders it by date taken and lands on the month's first photo; a
    /// phrase that is no date is answered in the status bar; an empty one does nothing.
    @Test func tInAGridByNameOrdersByDateTakenAndJumps() async throws {
        let (folder, taken) = try Self.datedLibrary()
        defer { folder.remove() }
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path), dateTaken: taken))
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.photos.map(\.title) == ["trip", "aug.jpg", "july-a.jpg", "july-b.jpg", "june.jpg"])
        app.press(.character("t"))
        type("july 2023", into: app)
        #expect(await app.settle().contains("jump to date: july 2023"))
        app.press(.enter)
        _ = await app.settle()
        let grid = try #require(app.coordinator.viewModel)
        await grid.until { grid.selectedPhoto?.title == "july-a.jpg" }
        let status = await app.settle()
        #expect(status.contains("by date taken"), "\(status)")
        #expect(grid.photos.map(\.title) == ["trip", "june.jpg", "july-a.jpg", "july-b.jpg", "aug.jpg"])
        // Now by date, the jump stays in this grid.
        app.press(.character("t"))
        type("2023-07-10", into: app)
        app.press(.enter)
        #expect(app.coordinator.viewModel === grid)
        #expect(grid.selectedPhoto?.title == "july-b.jpg")
        #expect(grid.note == "no photos on 10 Jul 2023; the next is 20 Jul 2023")
        app.press(.character("t"))
        type("julyy", into: app)
        app.press(.enter)
        #expect(grid.note == "'julyy' is not a date: try 2023-07, july 2023 or yesterday")
        #expect(grid.selectedPhoto?.title == "july-b.jpg")
        // Esc leaves the prompt without a jump.
        app.press(.character("t"), .character("2"), .escape)
        #expect(grid.selectedPhoto?.title == "july-b.jpg")
        // An empty phrase does nothing.
        app.press(.character("t"), .enter)
        #expect(grid.selectedPhoto?.title == "july-b.jpg")
        #expect(app.grid?.prompt == nil)
    }

    /// Typing a date at `t` makes the screen it lands on before Enter: the landing photo's
    /// thumbnail is in the cache, though it is not on screen, and Enter shows it made.
    @Test func typingADateMakesItsLandingBeforeEnter() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let jpeg = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))
        var seconds: [String: Int] = [:]
        for day in 0..<80 {
            let name = String(format: "p%02d.jpg", day)
            try folder.write(jpeg, to: name)
            seconds[name] = Self.day(2020, 1, 1).secondsSince1970AsUTC + day * 86_400
        }
        let taken = seconds
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path), order: .taken,
                                                     dateTaken: DateTaken { path in taken[LocalFile.name(of: path)] }))
        _ = await app.settle()
        let grid = try #require(app.coordinator.viewModel)
        // 1 March 2020 is the 61st day: far below the first screen.
        let key = ThumbnailKey(photoID: FilePath(folder.path).appending("p60.jpg").description, cells: grid.thumbnailSize,
                               renderMode: .ascii, fit: grid.fit)
        #expect(app.cache.thumbnail(for: key) == nil)
        app.press(.character("t"))
        type("2020-03", into: app)
        await grid.until { app.cache.thumbnail(for: key) != nil }
        #expect(grid.selectedIndex == 0, "nothing moves before Enter")
        app.press(.enter)
        _ = await app.settle()
        #expect(grid.selectedPhoto?.title == "p60.jpg")
        #expect(grid.thumbnailState(at: grid.selectedIndex)?.thumbnail != nil, "shown made")
    }

    /// A folder with no photo in the dates says so, and how to see them all.
    @Test func anEmptySpanSaysHowToSeeEveryDate() async throws {
        let (folder, taken) = try Self.datedLibrary()
        defer { folder.remove() }
        let later = DateFilter(since: try DateQuery(parsing: "2030"), until: nil, today: Self.day(2024, 3, 6))
        let app = LibraryHarness(try DirectorySource(path: FilePath(folder.path + "/trip"), dateFilter: later, dateTaken: taken))
        let grid = try #require(app.coordinator.viewModel)
        await grid.until { grid.total == 0 }
        app.screen.beginFrame()
        app.navigator.drawFrame(on: app.screen)
        app.screen.endFrame()
        let screen = app.screen.text().joined(separator: "\n")
        #expect(screen.contains("No photos since 1 Jan 2030: Esc shows every date"), "\(screen)")
    }

    /// `--since` and `--until` show the photos taken in their span (the folder stays, to be
    /// entered), the status bar says which; Esc shows every photo again, the same one selected.
    @Test func sinceAndUntilFilterTheFolderAndEscClearsThem() async throws {
        let (folder, taken) = try Self.datedLibrary()
        defer { folder.remove() }
        let july = DateFilter(since: try DateQuery(parsing: "2023-07"), until: try DateQuery(parsing: "july 2023"),
                              today: Self.day(2024, 3, 6))
        let source = try DirectorySource(path: FilePath(folder.path), order: .taken, dateFilter: july, dateTaken: taken)
        #expect(try await source.photos(page: 1, perPage: 10).map(\.title) == ["trip", "july-a.jpg", "july-b.jpg"])
        // In name order the same photos, by the same dates.
        #expect(try await source.reordered(.name, reversed: false).photos(page: 1, perPage: 10).map(\.title)
            == ["trip", "july-a.jpg", "july-b.jpg"])
        let since = DateFilter(since: try DateQuery(parsing: "20 jul 2023"), until: nil, today: Self.day(2024, 3, 6))
        #expect(try await source.filtered(by: since).photos(page: 1, perPage: 10).map(\.title) == ["trip", "july-b.jpg", "aug.jpg"])
        #expect(since?.label == "since 20 Jul 2023")
        #expect(DateFilter(since: nil, until: try DateQuery(parsing: "2023-07"), today: Self.day(2024, 3, 6))?.label
            == "until 31 Jul 2023")
        #expect(DateFilter(since: nil, until: nil, today: Self.day(2024, 3, 6)) == nil)

        // A photo given alone that the dates leave out is refused, saying why.
        let june = folder.path + "/june.jpg"
        #expect(throws: GalleryError.outsideDates(june, dates: "1 Jul 2023 – 31 Jul 2023")) {
            try DirectorySource.opening(FilePath(june), dateFilter: july, dateTaken: taken)
        }
        #expect(try DirectorySource.opening(FilePath(folder.path + "/july-a.jpg"), dateFilter: july, dateTaken: taken).photoID
            == folder.path + "/july-a.jpg")

        let app = LibraryHarness(source)
        _ = await app.settle()
        app.press(.right, .right)
        let filtered = await app.settle()
        #expect(filtered.contains("by date taken · 1 Jul 2023 – 31 Jul 2023 · 1 folder · 2 photos"), "\(filtered)")
        #expect(app.grid?.selectedPhoto?.title == "july-b.jpg")
        // Search results are of the dates shown, and say so; Esc goes back to the grid first.
        app.press(.character("/"))
        for character in "jpg" { app.press(.character(character)) }
        app.press(.enter)
        let results = try #require(app.coordinator.grids.last?.viewModel)
        await results.until { results.photos.count == 2 }
        let searched = await app.settle()
        #expect(searched.contains("1 Jul 2023 – 31 Jul 2023 · 2 photos"), "\(searched)")
        app.press(.escape)
        #expect(app.coordinator.grids.count == 1)
        #expect(app.coordinator.viewModel?.photos.count == 3)
        app.press(.escape)
        let grid = try #require(app.coordinator.viewModel)
        await grid.until { grid.photos.count == 5 }
        let all = await app.settle()
        #expect(!all.contains("Jul 2023 ·"), "\(all)")
        #expect(all.contains("4 photos"), "\(all)")
        #expect(app.grid?.selectedPhoto?.title == "july-b.jpg")
        // Without a filter, Esc does nothing.
        app.press(.escape)
        #expect(app.coordinator.viewModel === grid)
    }
}
