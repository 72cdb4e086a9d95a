@testable import Net
import Testing

struct ResponseHeaderParserTests {
    @Test func namesAreLowerCasedAndValuesTrimmed() {
        var parser = ResponseHeaderParser()
        for line in ["HTTP/1.1 200 OK\r\n", "Content-Type:  image/jpeg \r\n", "X-Ratelimit-Remaining:\t42\r\n", "\r\n"] {
            parser.consume(line: line)
        }
        #expect(parser.fields == ["content-type": "image/jpeg", "x-ratelimit-remaining": "42"])
    }

    @Test func repeatedFieldsAreJoined() {
        var parser = ResponseHeaderParser()
        for line in ["HTTP/1.1 200 OK\r\n", "Vary: Accept\r\n", "vary: Origin\r\n"] {
            parser.consume(line: line)
        }
        #expect(parser.fields["vary"] == "Accept, Origin")
    }

    @Test func aNewStatusLineDropsThePreviousResponsesFields() {
        var parser = ResponseHeaderParser()
        for line in ["HTTP/1.1 302 Found\r\n", "Location: /b\r\n", "\r\n", "HTTP/2 200\r\n", "ETag: \"x\"\r\n"] {
            parser.consume(line: line)
        }
        #expect(parser.fields == ["etag": "\"x\""])
    }
}

struct CurlMillisecondsTests {
    @Test func durationsBecomeMillisecondsButNeverZero() {
        #expect(Duration.milliseconds(500).curlMilliseconds == 500)
        #expect(Duration.seconds(30).curlMilliseconds == 30_000)
        #expect(Duration.microseconds(1500).curlMilliseconds == 1)
        #expect(Duration.zero.curlMilliseconds == 1)
        #expect(Duration.seconds(Int64.max).curlMilliseconds == Int.max)
    }
}
