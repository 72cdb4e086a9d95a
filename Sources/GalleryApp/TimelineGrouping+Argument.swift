public import ArgumentParser
import Gallery

/// `--group day|month|year|none`: the headings of a grid ordered by date, by `TimelineGrouping`'s names.
extension TimelineGrouping: ExpressibleByArgument {}
