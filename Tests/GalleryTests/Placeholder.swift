import Testing

@Test func galleryPlaceholder() {}
