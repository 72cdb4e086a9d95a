import DemoCatalog
import Dispatch
import Foundation
import Gallery
import Imaging
import Logging
import Net

let command = GalleryCommand.parseOrExitWithOneLine(Array(CommandLine.arguments.dropFirst()))
let processEnvironment = ProcessInfo.processInfo.environment

let settings: Settings
do {
    settings = try Settings.load(command: command, environment: processEnvironment)
} catch {
    FileOutput.standardError.write("gallery: \(error)\n")
    exit(ConfigError.exitCode)
}
if command.printConfig {
    FileOutput(descriptor: 1).write(settings.toml)
    exit(0)
}
do {
    try LogSetup.bootstrap(settings, explicit: command.log != nil)
} catch {
    FileOutput.standardError.write("gallery: cannot write the log file \(settings.logPath): \(error.localizedDescription)\n")
    exit(1)
}
let logger = Logger(label: "gallery")
logger.debug("configuration", metadata: ["effective": "\(settings.toml.split(separator: "\n").joined(separator: "; "))"])

/// The embedded catalog lives as long as the process.
let demoServer = DemoCatalogServer()
var app: AppCoordinator?

Task { @MainActor in
    do {
        let baseURL = settings.source == "demo" ? try await demoServer.start() : settings.source
        logger.info("starting", metadata: ["source": "\(baseURL)", "render": "\(settings.render.rawValue)"])
        let environment = processEnvironment
        let client = HTTPClient()
        let style = settings.render.resolvedStyle(environment: environment)
        var appEnvironment = AppEnvironment(
            source: UnsplashAPISource(baseURL: baseURL, accessKey: settings.unsplashAccessKey, client: client),
            loader: HTTPImageLoader(client: client),
            renderer: ImagingThumbnailRenderer(style: style, depth: ColorDepth.fromEnvironment(environment)),
            sourceName: settings.source == "demo" ? "demo" : (URL(string: baseURL)?.host ?? baseURL),
            renderMode: style.rawValue,
            perPage: settings.perPage)
        appEnvironment.apply(settings, environment: environment, downloads: client)
        let coordinator = AppCoordinator(environment: appEnvironment, onExit: { exit($0) })
        app = coordinator
        try coordinator.start()
    } catch {
        FileOutput.standardError.write("gallery: \(error)\n")
        exit(1)
    }
}
dispatchMain()
