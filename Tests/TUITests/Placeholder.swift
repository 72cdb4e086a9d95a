import Testing

@Test func tuiPlaceholder() {}
