import DemoCatalog
import Dispatch
import Foundation
import Gallery
import Imaging
import InlineViewer
import Logging
import Net

let command = GalleryCommand.parseOrExitWithOneLine(Array(CommandLine.arguments.dropFirst()))

if let path = command.log {
    do {
        let sink = try FileLogHandler.Sink(path: path)
        LoggingSystem.bootstrap { FileLogHandler(label: $0, sink: sink) }
    } catch {
        FileOutput.standardError.write("gallery: cannot write the log file \(path): \(error.localizedDescription)\n")
        exit(1)
    }
} else {
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
}
let logger = Logger(label: "gallery")

/// The embedded catalog lives as long as the process.
let demoServer = DemoCatalogServer()
var app: AppCoordinator?

Task { @MainActor in
    do {
        let baseURL = command.source == "demo" ? try await demoServer.start() : command.source
        logger.info("starting", metadata: ["source": "\(baseURL)", "render": "\(command.render.rawValue)"])
        let environment = ProcessInfo.processInfo.environment
        let client = HTTPClient()
        let style = command.render.resolvedStyle(environment: environment)
        let appEnvironment = AppEnvironment(
            source: UnsplashAPISource(baseURL: baseURL, accessKey: nil, client: client),
            loader: HTTPImageLoader(client: client),
            renderer: ImagingThumbnailRenderer(style: style, depth: ColorDepth.fromEnvironment(environment)),
            sourceName: command.source == "demo" ? "demo" : (URL(string: baseURL)?.host ?? baseURL),
            renderMode: style.rawValue,
            perPage: command.perPage)
        let coordinator = AppCoordinator(environment: appEnvironment, onExit: { exit($0) })
        app = coordinator
        try coordinator.start()
    } catch {
        FileOutput.standardError.write("gallery: \(error)\n")
        exit(1)
    }
}
dispatchMain()
