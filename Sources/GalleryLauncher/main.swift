import InlineViewer
import OperatingSystem

// The `gallery` executable. `gallery view` runs here, in a small binary that loads only the image
// codecs: it is timed as a whole process per image, and the app's libraries (Foundation, libcurl
// and its ~30 dependencies, ncurses) cost more to load than decoding a photo. Everything else is
// the full-screen app, `gallery-app`, which this process becomes.
let arguments = CommandLine.arguments
// A name in another encoding reads as text that may name another file: refused before any is opened.
if let position = CurrentProcess.argumentsNotUTF8.first {
    FileOutput.standardError.report(ArgumentEncoding.refusal(position: position, of: arguments))
    CurrentProcess.exit(64)
}
if arguments.dropFirst().first == "view" {
    // HEIF and AVIF need libheif, videos FFmpeg, which a static executable cannot load: `gallery-app`
    // shows them.
    ViewCommand.runAndExit(Array(arguments.dropFirst(2)), handOver: AppExecutable.run)
}
AppExecutable.replaceProcess(arguments: arguments)
