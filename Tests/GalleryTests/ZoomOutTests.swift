import OperatingSystem
import TestSupport
import Foundation
import Imaging
import TUI
import TerminalVocabulary
import Testing
@testable import Gallery

/// `z`: a list ordered by date seen as one tile per month, then per year, and Enter back in.
@MainActor
@Suite("Zoom out to months and years")
struct ZoomOutTests {
    /// A list's items by place; counts the places asked for (a page of one each).
    final class ListedItems: PhotoSource, @unchecked Sendable {
        let items: [LibraryItem]
        private let asked = Locked<[Int]>([])
        var askedPlaces: [Int] { asked.withLock { $0 } }

        init(_ items: [LibraryItem]) { self.items = items }

        func photos(page: Int, perPage: Int) async throws -> [LibraryItem] {
            let start = (page - 1) * perPage
            asked.withLock { $0.append(start) }
            return Array(items[min(start, items.count)..<min(items.count, start + perPage)])
        }
        func photo(id: String) async throws -> LibraryItem { try #require(items.first { $0.id == id }) }
        func imageLocation(for photo: LibraryItem, width: Int, height: Int, fit: PictureFit) -> ImageLocation? {
            guard case .file(let path)? = photo.picture else { return nil }
            return .file(path)
        }
    }

    /// A grid's list as a zoomed-out grid reads it: its timeline and the items it has received.
    final class ReceivedList: DatedList {
        let timeline: Timeline?
        private let received: (Int) -> LibraryItem?

        init(_ timeline: Timeline, received: @escaping (Int) -> LibraryItem?) {
            self.timeline = timeline
            self.received = received
        }

        func photo(at index: Int) -> LibraryItem? { received(index) }
    }

    private static func item(_ name: String, video: Bool = false) -> LibraryItem {
        LibraryItem(id: "/lib/\(name)", kind: video ? .video(VideoClip(duration: .seconds(1), framesPerSecond: 30, codec: "h264")) : .photo,
                    title: name, width: 4, height: 3, picture: .file(FilePath("/lib/\(name)")))
    }

    /// A folder tile, then 3 photos of May 2022, 2 of July 2023, 4 of August 2023 (the first a
    /// video), 1 of January 2024.
    private static let months: [(Int, Int, Int)] = [(2022, 5, 3), (2023, 7, 2), (2023, 8, 4), (2024, 1, 1)]
    private static func dated(newestFirst: Bool = false) -> (Timeline, [LibraryItem]) {
        var dates: [PhotoDate?] = [nil]
        var items = [LibraryItem(id: "/lib/trips", kind: .folder(PhotoFolder(path: "/lib/trips", photoCount: 0)), title: "trips",
                                 width: 0, height: 0, picture: nil)]
        var videos: Set<Int> = []
        let photos = months.flatMap { year, month, count in (1...count).map { (year, month, $0) } }
        for (year, month, day) in newestFirst ? photos.reversed() : photos {
            let isVideo = (year, month, day) == (2023, 8, 1)
            if isVideo { videos.insert(items.count) }
            dates.append(PhotoDate(year: year, month: month, day: day))
            items.append(item("\(year)-\(month)-\(day).jpg", video: isVideo))
        }
        return (Timeline(dates: dates, videos: videos, isNewestFirst: newestFirst), items)
    }

    @Test func aMonthsTileIsTitledByItsMonthCountsItsPhotosAndShowsItsFirst() async throws {
        let (timeline, items) = Self.dated()
        let listing = ListedItems(items)
        // The grid had received the first page of 5: the later months' first photos are asked for.
        let source = PeriodTileSource(of: ReceivedList(timeline) { $0 < 5 ? items[$0] : nil }, by: .month, listing: listing)
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.total == 4 && page.isLast)
        #expect(page.photos.map(\.title) == ["May 2022", "Jul 2023", "Aug 2023", "Jan 2024"])
        #expect(page.photos.compactMap(\.period).map(\.section.summary) == ["3 photos", "2 photos", "3 photos, 1 video", "1 photo"])
        #expect(page.photos.map(\.picture) == [1, 4, 6, 10].map { items[$0].picture })
        #expect(page.photos.compactMap(\.period?.firstItemID) == [1, 4, 6, 10].map { items[$0].id })
        #expect(listing.askedPlaces.sorted() == [6, 10], "only the first photos not received")
        // A month that starts with a video shows its poster; the others are pictures.
        #expect(page.photos.map(\.pictureIsVideo) == [false, false, true, false])
        #expect(page.photos.allSatisfy { !$0.isMedia }, "a month's tile is never marked or picked")
        #expect(Set(page.photos.map(\.id)).count == 4)
        let second = try await source.page(of: .all, page: 2, perPage: 3)
        #expect(second.photos.map(\.title) == ["Jan 2024"])
    }

    @Test func yearsCountEveryMonthOfTheirsAndANewestFirstListIsNewestFirst() async throws {
        let (timeline, items) = Self.dated()
        let years = PeriodTileSource(of: ReceivedList(timeline) { items[$0] }, by: .year, listing: ListedItems(items))
        let page = try await years.page(of: .all, page: 1, perPage: 30)
        #expect(page.photos.map(\.title) == ["2022", "2023", "2024"])
        #expect(page.photos.compactMap(\.period).map(\.section.summary) == ["3 photos", "5 photos, 1 video", "1 photo"])
        #expect(years.index(ofSectionHolding: 7) == 1 && years.index(ofSectionStartingAt: 4) == 1)

        let (reversed, newest) = Self.dated(newestFirst: true)
        let months = PeriodTileSource(of: ReceivedList(reversed) { newest[$0] }, by: .month, listing: ListedItems(newest))
        let tiles = try await months.page(of: .all, page: 1, perPage: 30).photos
        #expect(tiles.map(\.title) == ["Jan 2024", "Aug 2023", "Jul 2023", "May 2022"])
        #expect(tiles.compactMap(\.period).map(\.section.summary) == ["1 photo", "3 photos, 1 video", "2 photos", "3 photos"])
        // Newest first, a month's first photo is its newest.
        #expect(tiles[1].period?.firstItemID == "/lib/2023-8-4.jpg")
    }

    @Test func titlesAreShort() {
        #expect(DatePeriod(year: 2023, month: 7).shortTitle == "Jul 2023")
        #expect(DatePeriod(year: 2023).shortTitle == "2023")
        #expect(DatePeriod(year: 2023, month: 12, day: 14).shortTitle == "14 Dec 2023")
    }

    // MARK: - Through the app

    /// lib/: 3 photos of May 2022, 2 of July 2023, 4 of August 2023 and 1 of January 2024,
    /// modified then (at noon, on this machine's clock), and a folder `trips`.
    private static func library() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path + "/lib/trips", withIntermediateDirectories: true)
        for (year, month, count) in months {
            for day in 1...count {
                try put(jpeg, named: String(format: "%04d-%02d-%02d.jpg", year, month, day), modified: (year, month, day, 12), in: folder)
            }
        }
        return folder
    }

    private static let jpeg = try! JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(90, 60, 30)))

    /// Puts `bytes` in `folder`'s lib/ as `name`, modified at `modified` (this machine's clock):
    /// written and dated beside lib/, then moved in, so a folder watched sees it arrive dated.
    private static func put(_ bytes: [UInt8], named name: String, modified: (year: Int, month: Int, day: Int, hour: Int),
                            in folder: TemporaryDirectory) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = try #require(calendar.date(from: DateComponents(year: modified.year, month: modified.month, day: modified.day,
                                                                   hour: modified.hour)))
        try folder.write(bytes, to: name)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder.path + "/" + name)
        try FileManager.default.moveItem(atPath: folder.path + "/" + name, toPath: folder.path + "/lib/" + name)
    }

    /// The app over `folder`'s lib/ in `order`.
    private func open(_ folder: TemporaryDirectory, order: PhotoOrder = .date) throws -> LibraryHarness {
        LibraryHarness(try DirectorySource(path: FilePath(folder.path + "/lib"), order: order))
    }

    /// The grid on top: a zoomed-out one, or the photos.
    private func top(_ app: LibraryHarness) -> PhotosViewModel? { app.coordinator.grids.last?.viewModel }

    /// Waits for the top grid's list and draws a frame; returns its status line.
    private func settleTop(_ app: LibraryHarness) async -> String {
        if let grid = top(app) { await grid.until { !grid.items.isEmpty && grid.photo(at: grid.selectedIndex) != nil } }
        return await app.settle()
    }

    @Test func zShowsMonthsThenYearsAndEnterGoesBackInAtTheFirstPhoto() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = try open(folder)
        #expect(await app.settle().contains("by date modified · 1 folder · 10 photos · 1 of 11"))
        // The third photo of August 2023: the folder, 3 of May, 2 of July, then August.
        app.press(.character("l"), .character("l"), .character("l"), .character("l"), .character("l"), .character("l"),
                  .character("l"), .character("l"))
        #expect(app.grid?.selectedPhoto?.title == "2023-08-03.jpg")
        app.press(.character("z"))
        let months = await settleTop(app)
        #expect(top(app)?.zoomLevel == .month)
        #expect(months.contains("4 months · 3 of 4"), "\(months)")
        let screen = app.screen.text().joined(separator: "\n")
        for title in ["May 2022 · 3 photos", "Jul 2023 · 2 photos", "Aug 2023 · 4 photos", "Jan 2024 · 1 photo"] {
            #expect(screen.contains(title), "\(title) in \(screen)")
        }
        app.press(.character("z"))
        let years = await settleTop(app)
        #expect(top(app)?.zoomLevel == .year)
        #expect(years.contains("3 years · 2 of 3"), "\(years)")
        #expect(app.screen.text().joined().contains("2023 · 6 photos"))
        // Enter on 2023: its first month, July.
        app.press(.enter)
        #expect(await settleTop(app).contains("4 months · 2 of 4"))
        #expect(top(app)?.selectedPhoto?.title == "Jul 2023")
        // Enter on July 2023: back in the photos at its first.
        app.press(.enter)
        let photos = await settleTop(app)
        #expect(app.coordinator.grids.count == 1)
        #expect(app.grid?.selectedPhoto?.title == "2023-07-01.jpg", "\(photos)")
        #expect(photos.contains("5 of 11"), "\(photos)")
    }

    @Test func escAndBackspaceGoBackInWhereYouWere() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = try open(folder)
        _ = await app.settle()
        app.press(.character("G"))
        #expect(app.grid?.selectedPhoto?.title == "2024-01-01.jpg")
        app.press(.character("z"))
        #expect(await settleTop(app).contains("4 months · 4 of 4"))
        app.press(.character("z"))
        #expect(await settleTop(app).contains("3 years · 3 of 3"))
        app.press(.escape)
        #expect(await settleTop(app).contains("4 months · 4 of 4"))
        app.press(.backspace)
        _ = await settleTop(app)
        #expect(app.coordinator.grids.count == 1)
        #expect(app.grid?.selectedPhoto?.title == "2024-01-01.jpg")
    }

    @Test func backspaceZoomsOutFromTheTopRowOfAGridByDateElseGoesUpAFolder() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = try open(folder)
        _ = await app.settle()
        // The top row: the folder tile, then May 2022's photos.
        app.press(.character("l"))
        app.press(.backspace)
        #expect(await settleTop(app).contains("4 months · 1 of 4"))
        app.press(.backspace)
        _ = await settleTop(app)
        #expect(app.coordinator.grids.count == 1 && app.grid?.selectedPhoto?.title == "2022-05-01.jpg")
        // Lower down, Backspace goes up a folder, as in any order.
        app.press(.character("G"), .backspace)
        _ = await app.settle()
        #expect(app.coordinator.grids.count == 1)
        #expect(app.grid?.selectedPhoto?.id == folder.path + "/lib", "the folder above, this one selected")

        // By name, Backspace at the top goes up a folder too.
        let byName = try open(folder, order: .name)
        _ = await byName.settle()
        byName.press(.backspace)
        _ = await byName.settle()
        #expect(byName.coordinator.grids.count == 1 && byName.grid?.selectedPhoto?.id == folder.path + "/lib")
    }

    @Test func zInNameOrderOrdersByDateTakenThenShowsMonths() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = try open(folder, order: .name)
        #expect(await app.settle().contains("by name"))
        app.press(.character("G"))
        app.press(.character("z"))
        // The photos are listed again by date taken (their modification times here), then zoomed out.
        await eventually { app.coordinator.grids.last?.viewModel.zoomLevel == .month }
        let months = await settleTop(app)
        #expect(months.contains("4 months · 4 of 4"), "\(months)")
        #expect(app.coordinator.orderLabel == "by date taken")
        app.press(.escape)
        let photos = await settleTop(app)
        #expect(photos.contains("by date taken"), "\(photos)")
        #expect(app.grid?.selectedPhoto?.title == "2024-01-01.jpg")
    }

    @Test func zBeforeTheListHasComeZoomsOutOnceItHas() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        let app = try open(folder, order: .taken)
        // Pressed before the first page (and its dates) arrived: the zoom waits for them.
        #expect(app.coordinator.viewModel?.timeline == nil)
        app.press(.character("z"))
        await eventually { app.coordinator.grids.last?.viewModel.zoomLevel == .month }
        #expect(await settleTop(app).contains("4 months · 1 of 4"))
    }

    @Test func withoutDatedPhotosZSaysSo() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        // Only a folder tile, which has no date.
        let folders = LibraryHarness(try DirectorySource(path: FilePath(folder.path), order: .date))
        _ = await folders.settle()
        folders.press(.character("z"))
        #expect(await folders.settle().contains("no photos to show by month here"))
        #expect(folders.coordinator.grids.count == 1)
        // Search results have no dates of their own to zoom out over.
        let app = try open(folder)
        _ = await app.settle()
        app.press(.character("/"))
        for character in "2023" { app.press(.character(character)) }
        app.press(.enter)
        await eventually { app.coordinator.grids.count == 2 }
        _ = await settleTop(app)
        app.press(.character("z"))
        #expect(await app.settle().contains("months need photos ordered by date"))
        #expect(app.coordinator.grids.count == 2)
    }

    /// The app over a new library, zoomed out to its months.
    private func monthsOfANewLibrary() async throws -> (LibraryHarness, TemporaryDirectory) {
        let folder = try Self.library()
        let app = try open(folder)
        _ = await app.settle()
        app.press(.character("z"))
        _ = await settleTop(app)
        return (app, folder)
    }

    @Test func theMonthsFollowTheFolderWhileTheyAreShown() async throws {
        let (app, folder) = try await monthsOfANewLibrary()
        defer { folder.remove() }
        let months = try #require(top(app))
        app.press(.character("l"))
        #expect(await app.settle().contains("4 months · 2 of 4"))

        // Into July 2023: a photo taken before its first (its new cover) and a video.
        try Self.put(Self.jpeg, named: "early.jpg", modified: (2023, 7, 1, 8), in: folder)
        let clip = try Data(contentsOf: CompanionFilesTests.fixtures.appendingPathComponent("clip.mp4"))
        try Self.put(Array(clip), named: "clip.mp4", modified: (2023, 7, 20, 12), in: folder)
        await months.until { months.photos.first { $0.title == "Jul 2023" }?.period?.section.summary == "3 photos, 1 video" }
        let july = try #require(months.photos.first { $0.title == "Jul 2023" })
        #expect(july.period?.firstItemID == folder.path + "/lib/early.jpg")
        #expect(july.picture == .file(FilePath(folder.path + "/lib/early.jpg")), "the month's new first photo is its cover")
        // The tile's title is cut to its cell; the status bar says the selected month's whole.
        let status = await app.settle()
        #expect(status.contains("4 months · 2 of 4 · July 2023 · 3 photos, 1 video"), "\(status)")
        #expect(months.selectedPhoto?.title == "Jul 2023")
        #expect(app.screen.text().joined(separator: "\n").contains("Jul 2023 · 3 photos, 1…"))

        // January 2024's only photo gone, a photo of March 2021 come: a month leaves, one comes.
        try FileManager.default.removeItem(atPath: folder.path + "/lib/2024-01-01.jpg")
        try Self.put(Self.jpeg, named: "old.jpg", modified: (2021, 3, 10, 12), in: folder)
        await months.until { months.photos.map(\.title) == ["Mar 2021", "May 2022", "Jul 2023", "Aug 2023"] }
        #expect(months.total == 4)
        #expect(await app.settle().contains("4 months · 3 of 4"), "July still selected, one place further")

        // Enter goes back in at July's first photo as the folder is now.
        app.press(.enter)
        _ = await settleTop(app)
        #expect(app.coordinator.grids.count == 1)
        #expect(app.grid?.selectedPhoto?.title == "early.jpg")
    }

    @Test func aMonthsCoverSavedAgainIsDrawnAgain() async throws {
        let folder = try Self.library()
        defer { folder.remove() }
        // April 2022 by its name (by date taken), whatever its file's times: its only photo, its cover.
        let cover = "IMG_20220430_080000.jpg"
        try Self.put(Self.jpeg, named: cover, modified: (2022, 4, 30, 8), in: folder)
        let app = try open(folder, order: .taken)
        _ = await app.settle()
        app.press(.character("z"))
        _ = await settleTop(app)
        let months = try #require(top(app))
        let april = try #require(months.photos.first)
        #expect(april.title == "Apr 2022" && april.period?.firstItemID == folder.path + "/lib/" + cover)
        await months.until { months.thumbnails[april.id]?.thumbnail != nil }
        let drawn = months.thumbnails[april.id]?.thumbnail?.plainLines

        // Saved again in place (another picture): the month's tile shows the new one.
        let other = try JPEGCodec.encode(RGBImage(width: 16, height: 12, filledWith: RGB(20, 160, 200)))
        try Data(other).write(to: URL(fileURLWithPath: folder.path + "/lib/" + cover))
        await months.until {
            months.thumbnails[april.id]?.thumbnail.map { $0.plainLines != drawn } == true
        }
        #expect(months.photos.first?.id == april.id, "the same month, its cover drawn again")
    }

    @Test func aMonthsTileIsNoFileToTrashOrRename() async throws {
        let (app, folder) = try await monthsOfANewLibrary()
        defer { folder.remove() }
        app.press(.character("D"))
        let status = await app.settle()
        #expect(status.contains("only files in a folder can be moved to the trash"), "\(status)")
        app.press(.character(" "))
        #expect(await app.settle().contains("months and years are not marked"))
        #expect(top(app)?.marks.isEmpty == true)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/lib/2022-05-01.jpg"))
    }
}
