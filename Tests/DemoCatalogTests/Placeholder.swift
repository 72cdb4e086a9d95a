import Testing

@Test func democatalogPlaceholder() {}
