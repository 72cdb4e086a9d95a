import Testing
@testable import Gallery

@Suite("Pagination")
struct PaginationTests {
    @Test func onePageInFlightAndPagesInOrder() {
        var pagination = Pagination(perPage: 10)
        #expect(pagination.begin() == 1)
        #expect(pagination.begin() == nil)
        pagination.succeed(page: 1, count: 10)
        #expect(pagination.begin() == 2)
    }

    @Test func failedPageIsAskedAgain() {
        var pagination = Pagination(perPage: 10)
        _ = pagination.begin()
        pagination.succeed(page: 1, count: 10)
        #expect(pagination.begin() == 2)
        pagination.fail(page: 2)
        #expect(pagination.begin() == 2)
    }

    @Test func fullPageTheSourceCallsLastEnds() {
        var pagination = Pagination(perPage: 10)
        _ = pagination.begin()
        pagination.succeed(page: 1, count: 10, isLast: true)
        #expect(pagination.reachedEnd)
        #expect(pagination.begin() == nil)
    }

    @Test func shortPageEnds() {
        var pagination = Pagination(perPage: 10)
        _ = pagination.begin()
        pagination.succeed(page: 1, count: 3)
        #expect(pagination.reachedEnd)
        #expect(pagination.begin() == nil)
    }

    @Test func answersForAnotherPageAreIgnored() {
        var pagination = Pagination(perPage: 10)
        _ = pagination.begin()
        pagination.succeed(page: 5, count: 10)
        pagination.fail(page: 7)
        #expect(pagination.loadingPage == 1)
        #expect(pagination.nextPage == 1)
    }
}

@Suite("Pagination by number")
struct NumberedPaginationTests {
    /// `begin(page:)`, which `#expect` cannot call on a variable it only reads.
    private func begin(_ pagination: inout Pagination, _ page: Int) -> Bool { pagination.begin(page: page) }

    @Test func pagesByNumberOnlyOnceTheTotalIsKnown() {
        var pagination = Pagination(perPage: 30)
        #expect(begin(&pagination, 51) == false)
        let first = pagination.begin()
        #expect(first == 1)
        pagination.succeed(page: 1, count: 30, total: 1_512)
        #expect(pagination.pageCount == 51)
        #expect(begin(&pagination, 51) == true)
        #expect(begin(&pagination, 51) == false)
        #expect(begin(&pagination, 50) == true)
        #expect(begin(&pagination, 52) == false)
        pagination.succeed(page: 51, count: 12, isLast: true)
        #expect(begin(&pagination, 51) == false)
        #expect(pagination.total == 1_512)
        #expect(pagination.reachedEnd)
        // A failed page between stays fetchable by number.
        pagination.fail(page: 50)
        #expect(begin(&pagination, 50))
    }

    @Test func aShortLastPageCorrectsTheTotal() {
        var pagination = Pagination(perPage: 30)
        _ = pagination.begin()
        pagination.succeed(page: 1, count: 30, total: 100)
        #expect(begin(&pagination, 4) == true)
        pagination.succeed(page: 4, count: 5, isLast: true)
        #expect(pagination.total == 95)
    }
}
