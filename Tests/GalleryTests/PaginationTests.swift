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
