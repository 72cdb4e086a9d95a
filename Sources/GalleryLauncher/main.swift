import InlineViewer
import OperatingSystem

// The `gallery` executable. `gallery view` runs here, in a small binary that loads only the image
// codecs: it is timed as a whole process per image, and the app's libraries (Foundation, libcurl
// and its ~30 dependencies, ncurses) cost more to load than decoding a photo. Everything else is
// the full-screen app, `gallery-app`, which this process becomes.
// A name that is not UTF-8 is a token here that stands for its bytes (`FilePath(argument:)`).
let arguments = CurrentProcess.arguments
if arguments.dropFirst().first == "view" {
    // HEIF and AVIF need libheif, videos FFmpeg, which a static executable cannot load: `gallery-app`
    // shows them.
    ViewCommand.runAndExit(Array(arguments.dropFirst(2)), handOver: AppExecutable.run)
}
AppExecutable.replaceProcess(arguments: arguments)
