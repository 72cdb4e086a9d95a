extension LibraryItem {
    /// The application name sent in referral links.
    static let appName = "gallery"

    /// The photo's web page, tagged as a referral from this app (as the Unsplash guidelines ask).
    public var referralLink: String {
        // A local file has no web page.
        guard let webPage, !webPage.isEmpty else { return "" }
        return URLQuery.setting([("utm_source", Self.appName), ("utm_medium", "referral")], on: webPage)
    }
}
