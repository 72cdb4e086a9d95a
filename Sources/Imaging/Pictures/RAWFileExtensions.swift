extension ImageFormat {
    /// Camera RAW files' name extensions, lower case: DNG, Canon's CR2 and CR3, Nikon's NEF, Sony's
    /// ARW, Fujifilm's RAF, Olympus's ORF, Panasonic's RW2, Pentax's PEF, Samsung's SRW. Told by
    /// name, not bytes: most are TIFF inside, and a listing pairs one with the JPEG of its name.
    public static let rawFileExtensions = Set(ImageFormat.cameraRaw.fileExtensions)
}
