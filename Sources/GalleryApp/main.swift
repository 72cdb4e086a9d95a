import DemoCatalog
import Dispatch
import Foundation
import Gallery
import Imaging
import InlineViewer
import Logging
import Net
import OperatingSystem
import TerminalVocabulary
import TUI

CurrentProcess.limitAllocatorPoolsToCores()
// A name that is not UTF-8 is a token here that stands for its bytes (`FilePath(argument:)`).
let arguments = CurrentProcess.arguments
// `gallery view` hands here the pictures its static executable cannot decode (HEIF, AVIF, videos).
if arguments.dropFirst().first == "view" {
    ViewCommand.runAndExit(Array(arguments.dropFirst(2)))
}
// Before the arguments are read: it runs beside everything up to `Terminal.start`.
Terminal.prepare()
let command = GalleryCommand.parseOrExitWithOneLine(Array(arguments.dropFirst()))
let processEnvironment = CurrentProcess.environment

let settings: Settings
do {
    settings = try Settings.load(command: command, environment: processEnvironment)
} catch {
    FileOutput.standardError.report("\(error)")
    exit(ConfigError.exitCode)
}
if command.printConfig {
    FileOutput(descriptor: 1).write(settings.toml)
    exit(0)
}
do {
    try LogSetup.bootstrap(settings, explicit: command.log != nil)
} catch {
    FileOutput.standardError.report("cannot write the log file \(settings.logPath): \(error.reason)")
    exit(1)
}
let logger = Logger(label: "gallery")
logger.debug("configuration", metadata: ["effective": "\(settings.toml.split(separator: "\n").joined(separator: "; "))"])

// TERM=dumb is refused before the probe below sends escape sequences it would print.
do {
    _ = try TerminalDescription.candidates(term: processEnvironment["TERM"])
} catch {
    FileOutput.standardError.report("\(error)")
    exit(1)
}

// `gallery -`: the paths come from stdin, and keys from /dev/tty, before the probe reads replies there.
var pipedPaths: [FilePath] = []
if (try? command.catalog) == .standardInput {
    do {
        pipedPaths = try PathList.readStandardInput(nullSeparated: command.nullSeparated)
    } catch {
        FileOutput.standardError.report("\(error)")
        exit(66)
    }
}

// `gallery --pick` draws on /dev/tty, as fzf does; stdout receives the chosen paths and nothing else.
var pickOutput: PickOutput?
if command.pick {
    do {
        pickOutput = try PickOutput.takeStandardOutput(nullSeparated: command.print0)
    } catch {
        FileOutput.standardError.report("\(error)")
        exit(PickOutput.failed)
    }
}

// Before anything else writes to the tty: the probe's replies must not reach the UI as keys.
let render = settings.render.resolve(environment: processEnvironment)

/// The embedded catalog lives as long as the process. Its fault injection and latency come from
/// GALLERY_DEMO_* variables (see `DemoCatalogConfiguration.fromEnvironment`), for trying the app on a bad network.
let demoServer: DemoCatalogServer
do {
    demoServer = DemoCatalogServer(configuration: try DemoCatalogConfiguration.fromEnvironment(processEnvironment))
} catch {
    FileOutput.standardError.report("\(error)")
    exit(64)
}
/// Inside tmux, kitty pictures reach the terminal outside through tmux's passthrough: turned on for
/// this pane when it is off, and put back on exit.
let passthrough = render.mode == .kitty && render.capabilities.kittyByPlaceholders
    ? render.capabilities.tmux?.allowPassthrough() : nil
var app: AppCoordinator?
/// While the grid is on the screen, what C libraries print to stderr goes to the log instead, a
/// warning a line, as they print it.
var standardErrorToLog: (redirection: StandardErrorRedirection, lines: any DispatchSourceRead)?

@MainActor func takeStandardError() {
    let redirection = try? StandardErrorRedirection()
    guard let redirection else { return }
    let lines = DispatchSource.makeReadSource(fileDescriptor: redirection.readingEnd, queue: .main)
    lines.setEventHandler { for line in redirection.takeLines() { logger.warning("\(line)") } }
    lines.resume()
    standardErrorToLog = (redirection, lines)
}

/// Standard error back on the terminal, before gallery's own last words; once.
@MainActor func restoreStandardError() {
    guard let (redirection, lines) = standardErrorToLog else { return }
    lines.cancel()
    for line in redirection.restore() { logger.warning("\(line)") }
    standardErrorToLog = nil
}

/// Ends the process once the terminal is the user's again, with what they should know about it.
@MainActor func exitAfterTheTerminal(_ code: Int32) -> Never {
    restoreStandardError()
    passthrough?.restore()
    if let note = app?.terminalNote { FileOutput.standardError.report("\(note)") }
    exit(code)
}

Task { @MainActor in
    do {
        // A key from the config file or --unsplash-access-key counts like the environment variable.
        var environment = processEnvironment
        if let key = settings.unsplashAccessKey { environment[UnsplashAccessKey.variable] = key }
        let status = NetworkStatus()
        let choice = try CatalogChoice.parse(source: command.source ?? (command.paths.isEmpty ? settings.source : nil),
                                             paths: command.paths, home: environment["HOME"])
        let client = HTTPClient()
        let local = CatalogSetup.LocalOptions(order: settings.sort.order, reversed: settings.reverse,
                                              recursive: command.recursive,
                                              dateFilter: DateFilter(since: settings.since, until: settings.until,
                                                                     today: DateQuery.today()),
                                              pipedPaths: pipedPaths,
                                              dateTaken: DateTaken.exif.remembering(in: DateIndex.inCache(environment: environment)),
                                              labelFilter: LabelFilter(minimumRating: settings.minRating,
                                                                       pickedOnly: settings.picked))
        let catalog = try await CatalogSetup.make(choice, local: local, environment: environment,
                                                  demoServer: demoServer, client: client, status: status)
        logger.info("starting", metadata: ["source": "\(catalog.name)", "render": "\(render.mode.rawValue)",
                                           "tmux": "\(render.capabilities.tmux.map { "\($0)" } ?? "no")"])
        let depth = ColorDepth.fromEnvironment(environment, trueColor: render.capabilities.trueColor)
        var appEnvironment = AppEnvironment(
            source: catalog.source,
            loader: catalog.loader,
            renderer: render.mode.makeRenderer(capabilities: render.capabilities,
                                               depth: depth,
                                               background: settings.theme.pictureBackground,
                                               kittyPixels: KittyPicture.Pixels(for: TerminalGuess(environment: environment))),
            sourceName: catalog.name,
            renderMode: render.mode,
            perPage: settings.perPage,
            networkStatus: status)
        appEnvironment.apply(settings, environment: environment, downloads: client)
        appEnvironment.colorDepth = depth
        appEnvironment.renderNote = render.note
        appEnvironment.capabilities = render.capabilities
        appEnvironment.pictureBackground = settings.theme.pictureBackground
        appEnvironment.regionScrolling = settings.terminalScroll.regionScrolling(capabilities: render.capabilities)
        logger.info("terminal", metadata: ["scrolls": "\(appEnvironment.regionScrolling)",
                                           "cell": "\(render.capabilities.cellPixelSize.width)x\(render.capabilities.cellPixelSize.height)"])
        appEnvironment.openPhotoID = catalog.openPhotoID
        appEnvironment.startNote = catalog.note
        appEnvironment.processEnvironment = environment
        appEnvironment.picker = pickOutput?.picker(beforeWriting: restoreStandardError, exit: exitAfterTheTerminal)
        let coordinator = AppCoordinator(environment: appEnvironment, onExit: exitAfterTheTerminal)
        app = coordinator
        try coordinator.start()
        takeStandardError()
    } catch {
        passthrough?.restore()
        FileOutput.standardError.report("\(error)")
        exit(command.pick ? PickOutput.failed : 1)
    }
}
dispatchMain()
