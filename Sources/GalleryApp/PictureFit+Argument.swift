public import ArgumentParser
import Imaging

/// `--fit crop|contain`: how grid thumbnails fill their cells, by `PictureFit`'s names.
extension PictureFit: ExpressibleByArgument {}
