/// Responses in the exact shape picsum.photos sends.
enum PicsumFixtures {
    /// `GET /v2/list?page=1&limit=2`
    static let list = #"""
    [
      {
        "id": "0",
        "author": "Alejandro Escamilla",
        "width": 5000,
        "height": 3333,
        "url": "https://unsplash.com/photos/yC-Yzbqy7PY",
        "download_url": "https://picsum.photos/id/0/5000/3333"
      },
      {
        "id": "1",
        "author": "Alejandro Escamilla",
        "width": 5000,
        "height": 3333,
        "url": "https://unsplash.com/photos/LNRyGwIJr5c",
        "download_url": "https://picsum.photos/id/1/5000/3333"
      }
    ]
    """#

    /// `GET /id/1025/info`
    static let info = #"""
    {"id":"1025","author":"Matthew Wiebe","width":4951,"height":3301,"url":"https://unsplash.com/photos/U5rMrSI7Pn4","download_url":"https://picsum.photos/id/1025/4951/3301"}
    """#

    /// The `Link` header of a middle page and of the last page.
    static func link(page: Int, limit: Int, hasNext: Bool) -> String {
        var links = ["<https://picsum.photos/v2/list?page=\(page - 1)&limit=\(limit)>; rel=\"prev\""]
        if hasNext { links.append("<https://picsum.photos/v2/list?page=\(page + 1)&limit=\(limit)>; rel=\"next\"") }
        return links.joined(separator: ", ")
    }
}
