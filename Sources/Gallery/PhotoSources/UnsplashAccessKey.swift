/// The Unsplash access key, from the environment. Never printed or logged.
public enum UnsplashAccessKey {
    /// The variable the key is read from.
    public static let variable = "UNSPLASH_ACCESS_KEY"

    /// The key, without surrounding whitespace.
    /// - Throws: `Missing` when the variable is unset or blank.
    public static func from(environment: [String: String]) throws(Missing) -> String {
        guard let key = environment[variable]?.trimmingWhitespace(), !key.isEmpty else { throw Missing() }
        return key
    }

    /// No key: what to do about it, in one line.
    public struct Missing: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String {
            "\(variable) is not set: create an access key at https://unsplash.com/oauth/applications "
                + "and export \(variable)=<key>, or use --source picsum (no key needed)"
        }
    }
}
