@testable import DemoCatalog
import Testing

@Suite struct PageRequestTests {
    @Test func defaultsAndClamping() {
        #expect(PageRequest(page: nil, perPage: nil) == PageRequest(page: "1", perPage: "10"))
        #expect(PageRequest(page: "0", perPage: "31").page == 1)
        #expect(PageRequest(page: "0", perPage: "31").perPage == 30)
        #expect(PageRequest(page: "x", perPage: "0").perPage == 1)
    }

    @Test func indexesStopAtTheEnd() {
        #expect(PageRequest(page: "2", perPage: "10").indexes(total: 25) == 10..<20)
        #expect(PageRequest(page: "3", perPage: "10").indexes(total: 25) == 20..<25)
        #expect(PageRequest(page: "4", perPage: "10").indexes(total: 25).isEmpty)
        #expect(PageRequest(page: "\(Int.max)", perPage: "30").indexes(total: 25).isEmpty)
    }

    @Test func linkHeaderNamesOnlyPagesThatExist() {
        let first = PageRequest(page: "1", perPage: "10").linkHeader(listURL: "U", total: 25)
        #expect(first == "<U?page=3&per_page=10>; rel=\"last\", <U?page=2&per_page=10>; rel=\"next\"")
        let last = PageRequest(page: "3", perPage: "10").linkHeader(listURL: "U", total: 25)
        #expect(last == "<U?page=1&per_page=10>; rel=\"first\", <U?page=2&per_page=10>; rel=\"prev\"")
        let beyond = PageRequest(page: "9", perPage: "10").linkHeader(listURL: "U", total: 25)
        #expect(beyond.contains("<U?page=3&per_page=10>; rel=\"prev\"") && !beyond.contains("next"))
    }
}
