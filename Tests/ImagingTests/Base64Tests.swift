import Foundation
import Testing
@testable import Imaging

@Suite struct Base64Tests {
    @Test func knownVectors() {
        // RFC 4648 section 10.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (input, output) in vectors {
            #expect(String(decoding: Base64.encode(Array(input.utf8)), as: UTF8.self) == output)
        }
    }

    @Test func agreesWithFoundationOnEveryRemainder() {
        for count in 0..<70 {
            let bytes = TestImages.noise(width: count, height: 1, seed: UInt64(count)).pixels
            #expect(String(decoding: Base64.encode(bytes), as: UTF8.self) == Data(bytes).base64EncodedString())
        }
    }
}
