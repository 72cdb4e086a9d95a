import DemoCatalog
import Dispatch
import Foundation
import Gallery
import Imaging
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
        let environment = ProcessInfo.processInfo.environment
        let status = NetworkStatus()
        let catalog = try await CatalogSetup.make(try command.catalog, environment: environment,
                                                  demoServer: demoServer, status: status)
        logger.info("starting", metadata: ["source": "\(catalog.name)", "render": "\(command.render.rawValue)"])
        let style = command.render.resolvedStyle(environment: environment)
        let appEnvironment = AppEnvironment(
            source: catalog.source,
            loader: catalog.loader,
            renderer: ImagingThumbnailRenderer(style: style, depth: ColorDepth.fromEnvironment(environment)),
            sourceName: catalog.name,
            renderMode: style.rawValue,
            perPage: command.perPage,
            networkStatus: status)
        let coordinator = AppCoordinator(environment: appEnvironment, onExit: { exit($0) })
        app = coordinator
        try coordinator.start()
    } catch {
        FileOutput.standardError.write("gallery: \(error)\n")
        exit(1)
    }
}
dispatchMain()
