import Testing

@Test func netPlaceholder() {}
