/// A city skyline at dusk or night: rows of buildings, the far ones hazy, with lit windows.
struct CityArtwork: Sendable {
    struct Building: Sendable {
        /// Left and right edges in photo-height units, top as normalized y.
        let left: Double
        let right: Double
        let top: Double
        let litChance: Double
        let window: Color
        let id: UInt64
    }

    /// One depth row of buildings, sorted left to right without overlap.
    struct Street: Sendable {
        let buildings: [Building]
        let body: Color
        let windowDim: Double
    }

    let sky: Sky
    /// Back to front.
    let streets: [Street]
    let groundY: Double
    let caption: Caption

    /// Window cell size in photo-height units.
    private static let cellWidth = 0.011, cellHeight = 0.016

    init(using rng: inout SplitMix64, aspect: Double) {
        let light = rng.pick([SkyLight.night, SkyLight.dusk]).jittered(using: &rng)
        groundY = rng.double(0.86...0.96)
        sky = Sky(light: light, horizonY: groundY, using: &rng)
        let warm = Color(hex: 0xFFD27A), cool = Color(hex: 0xCFEAFF)
        let streetCount = 3
        streets = (0..<streetCount).map { depth in
            let near = Double(depth) / Double(streetCount - 1)
            var buildings: [Building] = []
            var x = -rng.double(0...0.1)
            while x < aspect {
                let width = rng.double(0.05...0.16)
                let height = rng.double(0.15...0.55) * (1.1 - 0.45 * near)
                buildings.append(Building(left: x, right: x + width, top: 0.9 - height - 0.1 * (1 - near),
                                          litChance: rng.double(0.15...0.6),
                                          window: rng.chance(0.7) ? warm : cool, id: rng.next()))
                x += width + (rng.chance(0.3) ? rng.double(0.005...0.04) : 0)
            }
            let body = light.farLand.mixed(with: Color(hex: 0x05060C), 0.5 + 0.45 * near)
            return Street(buildings: buildings, body: body, windowDim: 0.45 + 0.55 * near)
        }
        let description = rng.fill(rng.pick(["city skyline {when}", "downtown lights {when}",
                                             "skyscrapers glowing {when}", "{name} over the city"]),
                                   ["when": light.whenPhrases, "name": light.names])
        caption = Caption(description: description,
                          altDescription: "city buildings with lit windows under \(withArticle(light.skyWord)) sky")
    }

    func render(into canvas: inout Canvas) {
        sky.render(into: &canvas)
        renderStreets(into: &canvas)
    }

    /// What one pixel column shows of one street.
    private struct Slot {
        /// The covering building's top, infinity where there is none.
        var top = Double.infinity
        /// The window column the pixel column falls in, -1 between windows or buildings.
        var windowColumn = -1
        var buildingID: UInt64 = 0
        var litChance = 0.0
        /// Lit window colour.
        var window: (UInt8, UInt8, UInt8) = (0, 0, 0)
    }

    /// Slots for every street and column, street-major.
    private func slots(xs: [Double], aspect: Double) -> [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(streets.count * xs.count)
        for street in streets {
            var next = 0
            for normalizedX in xs {
                let x = normalizedX * aspect
                while next < street.buildings.count && street.buildings[next].right <= x { next += 1 }
                guard next < street.buildings.count, street.buildings[next].left <= x else {
                    slots.append(Slot())
                    continue
                }
                let building = street.buildings[next]
                let local = (x - building.left) / Self.cellWidth
                let fraction = local - local.rounded(.down)
                let inside = local > 0.5 && (building.right - x) > Self.cellWidth * 0.5
                slots.append(Slot(top: building.top,
                                  windowColumn: inside && fraction > 0.3 && fraction < 0.75 ? Int(local) : -1,
                                  buildingID: building.id, litChance: building.litChance,
                                  window: Pixel.bytes(building.window.scaled(street.windowDim))))
            }
        }
        return slots
    }

    /// All streets in one pass, nearest first, so every pixel is drawn once.
    private func renderStreets(into canvas: inout Canvas) {
        let width = canvas.width, count = streets.count
        let slots = slots(xs: canvas.xs, aspect: canvas.aspect)
        let highest = slots.map(\.top).min() ?? .infinity
        let bodies = streets.flatMap { [$0.body.r, $0.body.g, $0.body.b] }
        let ys = canvas.ys, windowsEnd = groundY - 0.02
        slots.withUnsafeBufferPointer { slotsBuffer in
            bodies.withUnsafeBufferPointer { bodiesBuffer in
                canvas.pixels.withUnsafeMutableBufferPointer { buffer in
                    let slots = slotsBuffer.baseAddress!, bodies = bodiesBuffer.baseAddress!
                    for row in 0..<ys.count where ys[row] >= highest {
                        let y = ys[row]
                        var pixel = buffer.baseAddress! + row * width * 3
                        var column = 0
                        while column < width {
                            var street = count - 1
                            while street >= 0 && y < slots[street * width + column].top { street -= 1 }
                            if street >= 0 {
                                let slot = slots + street * width + column
                                let height = y - slot.pointee.top
                                // Darker towards the street; stays within 0...1.
                                let shade = (1 - 0.7 * (height < 0.5 ? height : 0.5)) * 255
                                pixel[0] = UInt8(bodies[street * 3] * shade)
                                pixel[1] = UInt8(bodies[street * 3 + 1] * shade)
                                pixel[2] = UInt8(bodies[street * 3 + 2] * shade)
                                let windowRow = height / Self.cellHeight
                                let fraction = windowRow - Double(Int(windowRow))
                                let windowColumn = slot.pointee.windowColumn
                                if windowColumn >= 0 && windowRow > 1 && fraction > 0.3 && fraction < 0.8 && y < windowsEnd {
                                    let key = slot.pointee.buildingID ^ UInt64(windowColumn) &* 0x9E37_79B9
                                        ^ UInt64(windowRow) &* 0x85EB_CA6B
                                    if SplitMix64.unit(hashing: key) < slot.pointee.litChance {
                                        let window = slot.pointee.window
                                        pixel[0] = window.0; pixel[1] = window.1; pixel[2] = window.2
                                    }
                                }
                            }
                            pixel += 3
                            column += 1
                        }
                    }
                }
            }
        }
    }
}
