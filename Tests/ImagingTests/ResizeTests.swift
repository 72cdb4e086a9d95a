import Testing
@testable import Imaging

@Suite struct ResizeTests {
    @Test func twoByTwoToOneAveragesExactly() {
        let image = TestImages.image([
            [RGB(10, 20, 30), RGB(20, 30, 40)],
            [RGB(30, 40, 50), RGB(41, 50, 62)],
        ])
        // Means: r 101/4 = 25.25, g 140/4 = 35, b 182/4 = 45.5; halves round up.
        #expect(image.resized(width: 1, height: 1)[0, 0] == RGB(25, 35, 46))
    }

    @Test func threeToTwoWeighsTheSharedPixelByHalf() {
        let image = TestImages.image([[RGB(0, 30, 255), RGB(255, 60, 0), RGB(90, 90, 0)]])
        // Each output covers 1.5 source pixels: out0 = (2*p0 + p1) / 3, out1 = (p1 + 2*p2) / 3.
        let out = image.resized(width: 2, height: 1)
        #expect(out[0, 0] == RGB(85, 40, 170))
        #expect(out[1, 0] == RGB(145, 80, 0))
        // The same along the vertical axis.
        let column = TestImages.image([[RGB(0, 30, 255)], [RGB(255, 60, 0)], [RGB(90, 90, 0)]])
        let outColumn = column.resized(width: 1, height: 2)
        #expect(outColumn[0, 0] == RGB(85, 40, 170) && outColumn[0, 1] == RGB(145, 80, 0))
    }

    @Test(arguments: [
        (13, 7, 5, 3), (1080, 720, 48, 32), (9, 9, 4, 4), (17, 3, 17, 3), (5, 11, 2, 7),
        (3, 2, 8, 5), (1, 1, 3, 2), (33, 1, 7, 1), (2, 40, 1, 9),
    ])
    func matchesATwoDimensionalAreaAverage(size: (Int, Int, Int, Int)) {
        let (sw, sh, dw, dh) = size
        let image = TestImages.noise(width: sw, height: sh, seed: UInt64(sw * 1000 + sh))
        let out = image.resized(width: dw, height: dh)
        #expect(out.width == dw && out.height == dh)
        #expect(out.pixels == Self.referenceAreaAverage(image, width: dw, height: dh))
    }

    @Test func croppedResampleReadsOnlyTheCrop() {
        let image = TestImages.noise(width: 23, height: 19, seed: 7)
        let crop = PixelRect(x: 5, y: 3, width: 11, height: 13)
        var cropped = [UInt8]()
        for y in crop.y..<crop.y + crop.height {
            let start = (y * image.width + crop.x) * 3
            cropped += image.pixels[start..<start + crop.width * 3]
        }
        let expected = Self.referenceAreaAverage(RGBImage(width: 11, height: 13, pixels: cropped), width: 4, height: 6)
        #expect(image.areaResampled(crop, width: 4, height: 6).pixels == expected)
    }

    /// At its own size a crop of whole pixels is those pixels (the zoom at 100 % copies rather
    /// than averages), its damage notes kept; a partial last pixel is still weighed by its part.
    @Test func aCropAtItsOwnSizeIsItsPixels() {
        var image = TestImages.noise(width: 23, height: 19, seed: 11)
        image.isTruncated = true
        let crop = PixelRect(x: 5, y: 3, width: 11, height: 13)
        var cropped = [UInt8]()
        for y in crop.y..<crop.y + crop.height {
            let start = (y * image.width + crop.x) * 3
            cropped += image.pixels[start..<start + crop.width * 3]
        }
        let copy = image.areaResampled(crop, width: 11, height: 13)
        #expect(copy.width == 11 && copy.height == 13 && copy.pixels == cropped && copy.isTruncated)
        #expect(image.resized(width: 23, height: 19).pixels == image.pixels)

        var partial = TestImages.noise(width: 4, height: 2, seed: 3)
        partial.lastColumnEighths = 4
        #expect(partial.resized(width: 4, height: 2).pixels != partial.pixels, "3.5 pixels stretched over 4 differ from them")
    }

    @Test func enlargingRepeatsPixels() {
        let image = TestImages.image([[RGB(10, 0, 0), RGB(200, 0, 0)]])
        let out = image.resized(width: 4, height: 2)
        #expect((0..<2).allSatisfy { y in
            (0..<4).map { out[$0, y].r } == [10, 10, 200, 200]
        })
    }

    @Test func aspectFillCropsTheCentre() {
        let red = RGB(255, 0, 0), green = RGB(0, 255, 0), blue = RGB(0, 0, 255)
        let wide = TestImages.image(Array(repeating: [red, red, green, green, blue, blue], count: 2))
        let filled = wide.aspectFill(width: 3, height: 3)
        #expect(filled.width == 3 && filled.height == 3)
        #expect(filled.pixels == RGBImage(width: 3, height: 3, filledWith: green).pixels)

        let tall = TestImages.image([[red], [green], [blue]])
        #expect(tall.aspectFill(width: 2, height: 2).pixels == RGBImage(width: 2, height: 2, filledWith: green).pixels)
    }

    @Test func aspectFitKeepsTheAspectRatio() {
        let wide = RGBImage(width: 90, height: 30, filledWith: RGB(1, 1, 1))
        #expect(wide.aspectFit(width: 30, height: 30).width == 30)
        #expect(wide.aspectFit(width: 30, height: 30).height == 10)
        let tall = RGBImage(width: 30, height: 90, filledWith: RGB(1, 1, 1))
        let fitted = tall.aspectFit(width: 20, height: 20)
        #expect(fitted.width == 7 && fitted.height == 20)  // 30 * 20 / 90 = 6.67
        let photo = RGBImage(width: 1080, height: 720, filledWith: RGB(1, 1, 1)).aspectFit(width: 100, height: 100)
        #expect(photo.width == 100 && photo.height == 67)
        // Never smaller than one pixel, never larger than the box.
        let sliver = RGBImage(width: 1000, height: 1, filledWith: RGB(1, 1, 1)).aspectFit(width: 10, height: 10)
        #expect(sliver.width == 10 && sliver.height == 1)
    }

    @Test func degenerateSizesGiveAnEmptyImage() {
        let image = RGBImage(width: 4, height: 4, filledWith: RGB(1, 2, 3))
        for out in [image.resized(width: 0, height: 3), image.aspectFill(width: 3, height: -1),
                    image.aspectFit(width: 0, height: 0),
                    RGBImage(width: 0, height: 0, pixels: []).resized(width: 3, height: 3)] {
            #expect(out.width == 0 && out.height == 0 && out.pixels.isEmpty)
        }
    }

    @Test func sizesNoTerminalShowsGiveAnEmptyImageWithoutAllocatingThem() {
        let image = RGBImage(width: 3, height: 2, filledWith: RGB(1, 2, 3))
        for out in [image.resized(width: 4097, height: 1), image.aspectFill(width: 1, height: 5000),
                    image.aspectFit(width: 6000, height: 6000), image.aspectFit(width: .max, height: .max)] {
            #expect(out.width == 0 && out.height == 0 && out.pixels.isEmpty)
        }
        #expect(image.aspectFit(width: 4096, height: 4096).width == 4096)
    }

    /// Independent reference: every output pixel sums value x overlap area over the source pixels
    /// it covers, measured in units of 1/dw and 1/dh, then rounds half up.
    static func referenceAreaAverage(_ image: RGBImage, width dw: Int, height dh: Int) -> [UInt8] {
        let (sw, sh) = (image.width, image.height)
        func overlap(_ out: Int, _ src: Int, _ s: Int, _ d: Int) -> Int {
            max(0, min((out + 1) * s, (src + 1) * d) - max(out * s, src * d))
        }
        var result = [UInt8]()
        for oy in 0..<dh {
            for ox in 0..<dw {
                for channel in 0..<3 {
                    var sum = 0
                    // Only source pixels in [o * s / d, (o + 1) * s / d) can overlap output o.
                    for y in oy * sh / dh..<min(sh, ((oy + 1) * sh + dh - 1) / dh) {
                        for x in ox * sw / dw..<min(sw, ((ox + 1) * sw + dw - 1) / dw) {
                            sum += Int(image.pixels[(y * sw + x) * 3 + channel]) * overlap(ox, x, sw, dw) * overlap(oy, y, sh, dh)
                        }
                    }
                    result.append(UInt8((sum + sw * sh / 2) / (sw * sh)))
                }
            }
        }
        return result
    }

    @Test func partialLastPixelCountsByItsFraction() {
        // 2.5 source pixels into 2: [0, 1.25) and [1.25, 2.5), in units of a quarter pixel.
        let weights = AreaWeights(eighths: 20, destination: 2)
        #expect(weights.first == [0, 1])
        #expect(weights.weights == [4, 1, 3, 2] && weights.offsets == [0, 2, 4] && weights.total == 5)
        // Whole pixels weigh as before.
        #expect(AreaWeights(eighths: 24, destination: 2).weights == AreaWeights(source: 3, destination: 2).weights)
        // A row of 10, 20, 90 where 90 is only half a pixel, averaged into one: (10 + 20 + 45) / 2.5.
        var image = RGBImage(width: 3, height: 1, pixels: [10, 10, 10, 20, 20, 20, 90, 90, 90])
        image.lastColumnEighths = 4
        #expect(image.resized(width: 1, height: 1)[0, 0] == RGB(30, 30, 30))
        // A crop away from the partial pixel counts whole pixels only.
        #expect(image.areaResampled(PixelRect(x: 0, y: 0, width: 2, height: 1), width: 1, height: 1)[0, 0] == RGB(15, 15, 15))
    }

    @Test func aPartialLastPixelCountsInTheAspect() {
        // 3.5 x 2 pixels: fitting into 7 x 7 keeps 7:4, not 3:2 (7 x 5) or 2:1.
        var image = RGBImage(width: 4, height: 2, filledWith: RGB(1, 2, 3))
        image.lastColumnEighths = 4
        let fitted = image.aspectFit(width: 7, height: 7)
        #expect(fitted.width == 7 && fitted.height == 4)
        #expect(fitted.lastColumnEighths == 8 && fitted.lastRowEighths == 8)
        // Filling 2 x 2 crops the width to 2 of the 3.5 pixels (whole ones, centred).
        #expect(image.aspectFill(width: 2, height: 2).width == 2)
    }
}
