import Foundation

/// The month names `DateQuery` reads: English always, and the user's locale's (`LC_ALL`,
/// `LC_TIME`, else `LANG`) where Foundation has them, full and short, as written and as they
/// stand alone (Polish and Russian name a month differently inside a date).
public struct MonthNames: Sendable, Equatable {
    /// Each name, lowercased without a final dot, with its month (1...12).
    private let months: [String: Int]

    /// "January" ... "December".
    static let englishNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                               "October", "November", "December"]

    /// English: full names, their first three letters, and "sept".
    public static let english = MonthNames(names: [:])

    /// English and `names` (any case; a final dot dropped: "juil.").
    init(names: [String: Int]) {
        var months: [String: Int] = ["sept": 9]
        for (index, name) in Self.englishNames.enumerated() {
            months[name.lowercased()] = index + 1
            months[String(name.lowercased().prefix(3))] = index + 1
        }
        for (name, month) in names {
            var key = name.lowercased()
            while key.last == "." { key.removeLast() }
            if !key.isEmpty, months[key] == nil { months[key] = month }
        }
        self.months = months
    }

    /// English and the names of the locale the environment names (`de_DE.UTF-8`); English alone
    /// for `C`, `POSIX` or none.
    public init(environment: [String: String]) {
        let setting = [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let identifier = String(setting.prefix { $0 != "." && $0 != "@" })
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else {
            self = .english
            return
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        var names: [String: Int] = [:]
        for symbols in [formatter.monthSymbols, formatter.shortMonthSymbols, formatter.standaloneMonthSymbols,
                        formatter.shortStandaloneMonthSymbols] {
            // Foundation's answer for a locale it does not know is English.
            guard symbols.count == 12 else { continue }
            for (index, name) in symbols.enumerated() { names[name] = index + 1 }
        }
        self.init(names: names)
    }

    /// The month `word` names (lowercased, without a final dot), if any.
    func month(named word: String) -> Int? { months[word] }
}
