import Imaging
import Testing
@testable import GalleryApp

@Suite struct ThemeBackgroundTests {
    /// Transparent pixels are composited over what such a terminal's background is.
    @Test func aLightThemeShowsTransparencyOverWhite() {
        #expect(ThemeOption.light.pictureBackground == RGB(255, 255, 255))
        #expect(ThemeOption.dark.pictureBackground == RGB(0, 0, 0))
    }
}
