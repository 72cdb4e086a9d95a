import TestSupport
import Foundation
import Imaging
import OperatingSystem
import TUI
import Testing
import TerminalVocabulary
@testable import Gallery

/// Whether Foundation has the locale's month names here (ICU data), for the test that needs them.
private func hasMonthNames(_ identifier: String, july: String) -> Bool {
    DatePeriod(year: 2023, month: 7).text(locale: Locale(identifier: identifier)).hasPrefix(july)
}

/// A folder ordered by date (`--sort date`): a folder tile, then three photos of July 2023, one of
/// August and two of September, by their modification times on the user's clock.
@MainActor private final class DatedFolder {
    let directory: TemporaryDirectory
    static let days = [(2023, 7, 2), (2023, 7, 9), (2023, 7, 30), (2023, 8, 14), (2023, 9, 1), (2023, 9, 1)]

    init() throws {
        directory = try TemporaryDirectory()
        let jpeg = try JPEGCodec.encode(RGBImage(width: 8, height: 8, filledWith: RGB(90, 60, 30)))
        try FileManager.default.createDirectory(atPath: directory.path + "/trip", withIntermediateDirectories: true)
        for (number, (year, month, day)) in Self.days.enumerated() {
            let name = "p\(number).jpg"
            try directory.write(jpeg, to: name)
            let noon = Calendar.current.date(from: DateComponents(year: year, month: month, day: day, hour: 12, minute: number))!
            try FileManager.default.setAttributes([.modificationDate: noon], ofItemAtPath: directory.path + "/" + name)
        }
    }

    func source(order: PhotoOrder = .date) throws -> DirectorySource { try DirectorySource(path: FilePath(directory.path), order: order) }

    /// The app over the folder ordered by date, its first page listed and drawn.
    func shown() async throws -> (DirectorySource, LibraryHarness, PhotosViewModel) {
        let source = try source()
        let app = LibraryHarness(source)
        _ = await app.settle()
        return (source, app, try #require(app.coordinator.viewModel))
    }
    func remove() { directory.remove() }
}

@MainActor
@Suite("Sections by date")
struct DateSectionsTests {
    @Test func periodsAndHeadingsInEnglish() {
        let english = Locale(identifier: "en_GB")
        #expect(DatePeriod(year: 2023, month: 7).text(locale: english) == "July 2023")
        #expect(DatePeriod(year: 2023, month: 7, day: 14).text(locale: english) == "14 July 2023")
        #expect(DatePeriod(year: 2023).text(locale: english) == "2023")
        #expect(TimelineSection(period: DatePeriod(year: 2023, month: 7), indices: 2..<44).heading(locale: english) == "July 2023 · 42 photos")
        #expect(TimelineSection(period: DatePeriod(year: 2023, month: 8), indices: 0..<1).heading(locale: english) == "August 2023 · 1 photo")
        #expect(TimelineSection(period: DatePeriod(year: 2023), indices: 0..<1380).heading(locale: english) == "2023 · 1,380 photos")
        // Videos are said apart from photos.
        #expect(TimelineSection(period: DatePeriod(year: 2023, month: 7), indices: 2..<44, videoCount: 3).heading(locale: english)
                == "July 2023 · 39 photos, 3 videos")
        #expect(TimelineSection(period: DatePeriod(year: 2023, month: 7), indices: 5..<6, videoCount: 1).heading(locale: english)
                == "July 2023 · 1 video")
        #expect(TimelineSection(period: DatePeriod(year: 2023), indices: 0..<3381, videoCount: 2001).heading(locale: english)
                == "2023 · 1,380 photos, 2,001 videos")
    }

    @Test(.enabled(if: hasMonthNames("de_DE", july: "Juli"), "Foundation has no German month names here"))
    func monthsInTheLocalesWords() {
        let german = Locale(identifier: "de_DE")
        #expect(DatePeriod(year: 2023, month: 7).text(locale: german) == "Juli 2023")
        #expect(DatePeriod(year: 2023, month: 7, day: 14).text(locale: german) == "14. Juli 2023")
    }

    /// `]` from before the first section (a folder tile) goes to it; `[` from inside the first
    /// section to its start, and from its start nowhere; `]` from the last nowhere.
    @Test func bracketsFindTheNeighbouringSectionsAtBothEnds() {
        let month = { (month: Int, indices: Range<Int>) in TimelineSection(period: DatePeriod(year: 2023, month: month), indices: indices) }
        let sections = [month(7, 1..<4), month(8, 4..<5), month(9, 5..<7)]
        #expect(sections.start(nextTo: 0, forward: true) == 1)
        #expect(sections.start(nextTo: 0, forward: false) == nil)
        #expect(sections.start(nextTo: 2, forward: true) == 4)
        #expect(sections.start(nextTo: 4, forward: true) == 5)
        #expect(sections.start(nextTo: 5, forward: true) == nil)
        #expect(sections.start(nextTo: 6, forward: true) == nil)
        #expect(sections.start(nextTo: 6, forward: false) == 4)
        #expect(sections.start(nextTo: 4, forward: false) == 1)
        #expect(sections.start(nextTo: 3, forward: false) == 1)
        #expect(sections.start(nextTo: 1, forward: false) == nil)
        #expect(sections.section(containing: 0) == nil && sections.section(containing: 4) == month(8, 4..<5))
        #expect(sections.section(containing: 7) == nil)
    }

    @Test func theGridShowsMonthHeadingsAndBracketsStepThroughThem() async throws {
        let folder = try DatedFolder()
        defer { folder.remove() }
        let app = LibraryHarness(try folder.source())
        var status = await app.settle()
        let viewModel = try #require(app.coordinator.viewModel)
        #expect(viewModel.sections.map(\.indices) == [1..<4, 4..<5, 5..<7])
        // 100x29 for the grid: the folder tile's row (14 lines), then July's heading after the gap.
        #expect(app.screen.text()[15].hasPrefix(" July 2023 · 3 photos"))
        #expect(!status.contains("2023"), "a folder tile has no month")
        func pressed(_ key: Key) -> (Int, String) {
            app.press(key)
            screenFrame(app)
            return (viewModel.selectedIndex, app.screen.text().last ?? "")
        }
        (_, status) = pressed("]")
        #expect(viewModel.selectedIndex == 1 && status.contains("July 2023"))
        // July's first row at the top with its heading above it.
        #expect(app.screen.text()[1].hasPrefix(" July 2023 · 3 photos"))
        #expect(pressed("]").0 == 4 && app.screen.text().last!.contains("August 2023"))
        #expect(pressed("]").0 == 5)
        #expect(pressed("]").0 == 5, "no section after the last")
        #expect(pressed("[").0 == 4)
        #expect(pressed("[").0 == 1)
        #expect(pressed("[").0 == 1, "no section before the first")
        // ↓ from July's row steps over August's heading; from its third column, to August's one photo.
        #expect(pressed("j").0 == 4)
        #expect(pressed("k").0 == 1)
        #expect(pressed("l").0 == 2 && pressed("l").0 == 3 && pressed("j").0 == 4)
    }

    @Test func trashingAndRestoringAPhotoRedrawsTheHeadings() async throws {
        let folder = try DatedFolder()
        defer { folder.remove() }
        let (source, app, viewModel) = try await folder.shown()
        let trash = FreedesktopTrash(homeTrash: FilePath(folder.directory.path + "/data/Trash"))
        let files = PhotoFileActions(files: source, trash: trash, grids: { [viewModel] })
        viewModel.update(.select(4))
        files.askToTrash(in: viewModel, selected: viewModel.selectedPhoto)
        files.answer(yes: true)
        #expect(viewModel.items.count == 6)
        #expect(viewModel.sections.map(\.indices) == [1..<4, 4..<6])
        #expect(viewModel.sections.map(\.period.month) == [7, 9])
        screenFrame(app)
        #expect(app.screen.text().contains { $0.hasPrefix(" September 2023 · 2 photos") })
        files.undo()
        #expect(viewModel.sections.map(\.indices) == [1..<4, 4..<5, 5..<7])
        // What the source sends next agrees with what the grid made of it.
        let page = try await source.page(of: .all, page: 1, perPage: 30)
        #expect(page.timeline == viewModel.timeline)
    }

    @Test func aFolderListedAgainBringsItsNewDates() async throws {
        let folder = try DatedFolder()
        defer { folder.remove() }
        let (source, _, viewModel) = try await folder.shown()
        // The August photo is touched into October: last now, in a section of its own.
        let october = Calendar.current.date(from: DateComponents(year: 2023, month: 10, day: 3, hour: 12))!
        try FileManager.default.setAttributes([.modificationDate: october], ofItemAtPath: folder.directory.path + "/p3.jpg")
        try source.relist(leavingOut: [])
        await viewModel.folderDidChange { source.places(of: $0, in: .all) }
        #expect(viewModel.sections.map(\.period.month) == [7, 9, 10])
        #expect(viewModel.sections.map(\.indices) == [1..<4, 4..<6, 6..<7])
    }

    /// Pages of 2: the first page's timeline covers the whole list, so every heading and count is
    /// known while later pages are holes; `]` selects a photo still to come.
    @Test func headingsAndCountsComeWithTheFirstPage() async throws {
        let folder = try DatedFolder()
        defer { folder.remove() }
        let viewModel = PhotosViewModel(source: try folder.source(), loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                        renderMode: .ascii, perPage: 2, cache: ThumbnailCache(capacityBytes: 1 << 20))
        viewModel.update(.appeared)
        await viewModel.until { viewModel.items.count == 7 }
        #expect(viewModel.photos.count == 2, "one page of two")
        #expect(viewModel.sections.map(\.indices) == [1..<4, 4..<5, 5..<7])
        #expect(viewModel.sections.map { $0.heading(locale: Locale(identifier: "en_GB")) }
                == ["July 2023 · 3 photos", "August 2023 · 1 photo", "September 2023 · 2 photos"])
        viewModel.update(.select(try #require(viewModel.sections.start(nextTo: 4, forward: true))))
        #expect(viewModel.selectedIndex == 5 && viewModel.selectedPhoto == nil && viewModel.selectedPeriod == DatePeriod(year: 2023, month: 9))
    }

    @Test func daysAndYearsAndNoHeadingsInNameOrder() async throws {
        let folder = try DatedFolder()
        defer { folder.remove() }
        for (grouping, expected) in [(TimelineGrouping.day, [1..<2, 2..<3, 3..<4, 4..<5, 5..<7]), (.year, [1..<7]), (.none, [])] {
            let viewModel = PhotosViewModel(source: try folder.source(), loader: LocalFileImageLoader(), renderer: FakeRenderer(),
                                            renderMode: .ascii, cache: ThumbnailCache(capacityBytes: 1 << 20), grouping: grouping)
            viewModel.update(.appeared)
            await viewModel.until { viewModel.items.count == 7 }
            #expect(viewModel.sections.map(\.indices) == expected, "\(grouping)")
        }
        let app = LibraryHarness(try folder.source(order: .name))
        _ = await app.settle()
        #expect(app.coordinator.viewModel?.sections.isEmpty == true)
        app.press("]")
        screenFrame(app)
        #expect(app.screen.text().last?.contains(PhotosView.noSections) == true, "\(app.screen.text().last ?? "")")
    }

    private func screenFrame(_ app: LibraryHarness) {
        app.screen.beginFrame()
        app.navigator.drawFrame(on: app.screen)
        app.screen.endFrame()
    }
}
