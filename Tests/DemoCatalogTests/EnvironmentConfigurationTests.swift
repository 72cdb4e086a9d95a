import DemoCatalog
import Testing

@Suite struct EnvironmentConfigurationTests {
    @Test func anEmptyEnvironmentGivesTheDefaults() throws {
        #expect(try DemoCatalogConfiguration.fromEnvironment([:]) == DemoCatalogConfiguration())
        #expect(try DemoCatalogConfiguration.fromEnvironment(["PATH": "/bin"]) == DemoCatalogConfiguration())
    }

    @Test func everyVariableSetsItsField() throws {
        let configuration = try DemoCatalogConfiguration.fromEnvironment([
            "GALLERY_DEMO_SEED": "7", "GALLERY_DEMO_PHOTO_COUNT": "500",
            "GALLERY_DEMO_LATENCY_MS": "200", "GALLERY_DEMO_JITTER_MS": "50",
            "GALLERY_DEMO_PAGE_ERROR_RATE": "0.25", "GALLERY_DEMO_IMAGE_ERROR_RATE": "0.1",
            "GALLERY_DEMO_RATE_LIMIT": "pages", "GALLERY_DEMO_RETRY_AFTER": "3",
            "GALLERY_DEMO_FAULTY_ATTEMPTS": "2", "GALLERY_DEMO_TRUNCATED_IMAGE_RATE": "0.05",
            "GALLERY_DEMO_CORRUPT_IMAGE_RATE": "0.02", "GALLERY_DEMO_MALFORMED_PAGES": "3, 7",
            "GALLERY_DEMO_HOSTILE_TEXT": "yes", "GALLERY_DEMO_SLOW_DRIP_MS": "4000",
            "GALLERY_DEMO_SLOW_DRIP_RATE": "0.5",
        ])
        let expected = DemoCatalogConfiguration(
            seed: 7, photoCount: 500, latency: .milliseconds(200), jitter: .milliseconds(50),
            faults: DemoCatalogFaults(
                pageErrorRate: 0.25, imageErrorRate: 0.1, rateLimit: .firstRequestPerPage, retryAfterSeconds: 3,
                faultyAttempts: 2, truncatedImageRate: 0.05, corruptImageRate: 0.02, malformedPages: [3, 7],
                hostileText: true, slowDrip: .seconds(4), slowDripRate: 0.5))
        #expect(configuration == expected)
        let oneIn = try DemoCatalogConfiguration.fromEnvironment(["GALLERY_DEMO_RATE_LIMIT": "5"])
        #expect(oneIn.faults.rateLimit == .oneIn(5))
        let off = try DemoCatalogConfiguration.fromEnvironment(["GALLERY_DEMO_HOSTILE_TEXT": "0"])
        #expect(!off.faults.hostileText)
    }

    @Test func anUnusableValueIsAnErrorNamingItsVariable() {
        let bad = [
            ("GALLERY_DEMO_PAGE_ERROR_RATE", "1.5"), ("GALLERY_DEMO_IMAGE_ERROR_RATE", "lots"),
            ("GALLERY_DEMO_LATENCY_MS", "-1"), ("GALLERY_DEMO_RATE_LIMIT", "0.5"),
            ("GALLERY_DEMO_FAULTY_ATTEMPTS", "0"), ("GALLERY_DEMO_MALFORMED_PAGES", "3,x"),
            ("GALLERY_DEMO_HOSTILE_TEXT", "maybe"), ("GALLERY_DEMO_SEED", "-4"),
        ]
        for (variable, value) in bad {
            let error = #expect(throws: DemoCatalogEnvironmentError.self, "\(variable)=\(value)") {
                try DemoCatalogConfiguration.fromEnvironment([variable: value])
            }
            #expect(error?.variable == variable)
            #expect(error?.description.hasPrefix("\(variable)=\(value): expected ") == true)
        }
    }
}
