// swift-tools-version:6.0
import PackageDescription

// `make sanitize` builds with GALLERY_SANITIZE set: the sanitizers' runtimes cannot be linked
// into a static executable, so the launcher is then linked like any other.
let launcherLinking: [LinkerSetting] = Context.environment["GALLERY_SANITIZE"] == nil
    ? [.unsafeFlags(["-static-executable"]), .linkedLibrary("z")] : []

let package = Package(
    name: "Gallery",
    // Linux only: the code calls Glibc, Linux's terminal ioctls and /proc, and no other platform
    // is built or tested.
    products: [
        // `gallery` is small (`gallery view` plus a launcher); the full-screen app it starts for
        // everything else is `gallery-app`, installed next to it.
        .executable(name: "gallery", targets: ["GalleryLauncher"]),
        .executable(name: "gallery-app", targets: ["GalleryApp"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // C system libraries: a module map and a header of typed shims each.
        // No pkgConfig: ncursesw.pc only adds -D flags, which SwiftPM rejects with a warning (shim.h
        // defines what is needed), and the headers are on the default path.
        .systemLibrary(name: "CNcurses"),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]),
        .systemLibrary(
            name: "CSixel", pkgConfig: "libsixel",
            providers: [.apt(["libsixel-dev"])]),

        // The operating system's primitives, wrapped once for every module above.
        // libjpeg's decompressor behind one C function, so its errors are caught with setjmp in C.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // libpng's reader behind two functions, so its errors are caught with setjmp in C.
        .target(name: "CPNGRead", linkerSettings: [.linkedLibrary("png16")]),
        // libexif behind one function: the orientation and dates of an Exif block.
        .target(name: "CExif", linkerSettings: [.linkedLibrary("exif")]),
        // libtiff from memory, its error handlers ours (never stderr, which the app draws on). The
        // libraries after it are its own dependencies, which a static link must name.
        .target(name: "CTIFF", linkerSettings: [
            .linkedLibrary("tiff"), .linkedLibrary("webp"), .linkedLibrary("Lerc"), .linkedLibrary("jbig"),
            .linkedLibrary("zstd"), .linkedLibrary("lzma"), .linkedLibrary("jpeg"), .linkedLibrary("deflate"),
            .linkedLibrary("z"), .linkedLibrary("stdc++"), .linkedLibrary("m"),
        ]),
        // libheif loaded with dlopen at the first HEIF or AVIF file, not linked (see its header).
        // The one dlopen of an optional library, its symbols looked up and its failure worded,
        // shared by the four that are loaded when first needed.
        .target(name: "CLibraryLoader"),
        .target(name: "CHEIF", dependencies: ["CLibraryLoader"]),
        // FFmpeg (libavformat, libavcodec, libswscale) loaded with dlopen at the first video, not
        // linked (see its header); its headers give the types and constants. Its debug lines in
        // DWARF 4: gold, linking the static `gallery`, stops with an internal error
        // (format_file_lineno) reading this file's DWARF 5 lines to place its dlopen warning.
        .target(name: "CFFmpeg", dependencies: ["CLibraryLoader"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // LibRaw (camera RAW files) and libjxl (JPEG XL) loaded with dlopen at the first such file,
        // not linked (see their headers); their headers give the types and constants.
        .target(name: "CLibRaw", dependencies: ["CLibraryLoader"]),
        .target(name: "CJXL", dependencies: ["CLibraryLoader"]),
        // libcurl loaded with dlopen at its first use, not linked (see its header); its headers
        // (libcurl4-openssl-dev) give the types and constants. A release build links with
        // ld-as-needed, which leaves out the -lcurl FlyingFox's FoundationNetworking asks for.
        .target(name: "CCurl", exclude: ["ld-as-needed"], linkerSettings: [
            .unsafeFlags(["-ld-path=\(Context.packageDirectory)/Sources/CCurl/ld-as-needed"], .when(configuration: .release)),
        ]),
        // renameat2(RENAME_NOREPLACE), which glibc declares only to _GNU_SOURCE code: for
        // OperatingSystem's renames that never replace, folders included.
        .target(name: "CRenameNoReplace"),
        .target(name: "CAllocator"),
        .target(name: "OperatingSystem", dependencies: ["CRenameNoReplace", "CAllocator"]),
        .target(name: "Net", dependencies: ["CCurl", "OperatingSystem"]),
        // The hand-written 1/8-scale JPEG decoder, fenced in a target of its own (one entry point).
        .target(name: "JPEGDCDecoder"),
        .target(name: "Imaging", dependencies: [
            "CJPEG", "CExif", "CTurboJPEG", "CPNG", "CPNGRead", "CWebP", "CGIF", "CTIFF", "CHEIF", "CFFmpeg", "CLibRaw", "CJXL", "JPEGDCDecoder",
            "TerminalVocabulary", "OperatingSystem",
        ]),
        // What the environment says about the terminal: no dependencies, so `gallery view` can use it.
        .target(name: "TerminalVocabulary"),
        // Puts the tty back on a crash signal or exit(): a signal handler, so C.
        .target(name: "CTerminalGuard"),
        .target(name: "TUI", dependencies: ["CNcurses", "CTerminalGuard", "TerminalVocabulary", "OperatingSystem"]),
        .target(name: "Gallery", dependencies: [
            "Net", "Imaging", "TUI", "TerminalVocabulary", "OperatingSystem",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "DemoCatalog", dependencies: [
            "Imaging", "OperatingSystem",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "FlyingSocks", package: "FlyingFox"),
        ]),
        // No ArgumentParser here: its reflection was a large part of a small picture's `gallery
        // view` (timed as a whole process; BENCHMARKS.md); ViewArguments parses the few options
        // by hand.
        .target(name: "InlineViewer", dependencies: ["Imaging", "TerminalVocabulary", "OperatingSystem"]),
        // A static executable: `gallery view` is timed as a whole process against chafa and timg,
        // and the dynamic loader's symbol binding and relocations were a large part of a photo's
        // whole run (BENCHMARKS.md, "Where gallery's time goes"). zlib is named for libpng, which
        // static linking does not find on its own.
        .executableTarget(name: "GalleryLauncher", dependencies: ["InlineViewer", "OperatingSystem"], linkerSettings: launcherLinking),
        .executableTarget(
            name: "GalleryApp",
            dependencies: [
                "Gallery", "DemoCatalog", "Imaging", "Net", "TUI", "TerminalVocabulary", "InlineViewer", "OperatingSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]),

        // Fuzzing (`make fuzz`): the targets, one executable that runs any of them under libFuzzer
        // (or replays files without it), and a test replaying every input that ever failed.
        // The targets reach internal types through `@testable import`, which only compiles against
        // modules built with -enable-testing: debug builds and `make fuzz`'s. Their files are left
        // out of a plain release build by TESTABLE_IMPORTS, so `make build` still builds every target.
        .target(name: "FuzzTargets", dependencies: ["Imaging", "ImagingTestSupport", "JPEGDCDecoder", "Gallery", "Net", "TUI", "TerminalVocabulary", "OperatingSystem"],
                path: "Fuzz/FuzzTargets", swiftSettings: [.define("TESTABLE_IMPORTS", .when(configuration: .debug))]),
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .executableTarget(name: "GalleryFuzz", dependencies: ["FuzzTargets", "CLibFuzzer"], path: "Fuzz/GalleryFuzz"),

        // What every suite shares: the programs tests start (on OperatingSystem's ChildProcess), temporary folders, the shared photos.
        .target(name: "TestSupport", dependencies: ["OperatingSystem"], path: "Tests/TestSupport"),
        // What tests measure pictures with: libsixel's decoder and encoder, PSNR. Never in a product,
        // so the shipped binaries do not link libsixel.
        .target(name: "ImagingTestSupport", dependencies: ["Imaging", "CSixel"], path: "Tests/ImagingTestSupport"),
        .testTarget(name: "OperatingSystemTests", dependencies: ["OperatingSystem", "TestSupport"]),
        .testTarget(name: "NetTests", dependencies: ["Net", "TestSupport", "OperatingSystem"]),
        // Fixtures: the Exif orientation photos (Fixtures/make-orientation-fixtures.sh) and one photo in
        // each format the decoders read (Fixtures/make-fixtures.sh), and small videos
        // (Fixtures/make-video-fixtures.sh), read by path; DNGs made at test time by Fixtures/make-dng.py.
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "ImagingTestSupport", "TestSupport", "TerminalVocabulary", "OperatingSystem"],
                    exclude: ["Fixtures"]),
        // Fixtures: small JPEGs made with cjpeg (restart markers, subsampling) that tests read by path.
        .testTarget(name: "JPEGDCDecoderTests", dependencies: ["JPEGDCDecoder", "Imaging", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TerminalVocabulary", "OperatingSystem", "Imaging"]),
        .testTarget(name: "TerminalVocabularyTests", dependencies: ["TerminalVocabulary"]),
        .testTarget(name: "InlineViewerTests", dependencies: ["InlineViewer", "Imaging", "TerminalVocabulary", "OperatingSystem"]),
        .testTarget(name: "GalleryTests", dependencies: [
            "Gallery", "DemoCatalog", "Net", "Imaging", "ImagingTestSupport", "TestSupport", "TUI",
            "TerminalVocabulary", "OperatingSystem", .product(name: "FlyingFox", package: "FlyingFox"),
        ]),
        .testTarget(name: "DemoCatalogTests", dependencies: ["DemoCatalog", "Imaging"]),
        .testTarget(name: "EndToEndTests", dependencies: ["DemoCatalog", "Net", "Imaging", "ImagingTestSupport", "TestSupport", "OperatingSystem", "TerminalVocabulary"]),
        .testTarget(name: "GalleryAppTests", dependencies: ["GalleryApp", "Gallery", "Imaging", "TUI", "TestSupport", "OperatingSystem", "TerminalVocabulary"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets"]),
    ]
)

// Every Swift target: existentials spelled `any`, members visible only through a module the file
// imports, and imports internal unless a file says `public import` (a dependency in its API).
let sharedSwiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + sharedSwiftSettings
}
