#ifndef GALLERY_TIFF_DECODE_H
#define GALLERY_TIFF_DECODE_H
#include <stddef.h>
#include <stdint.h>

/// What libtiff said while reading one TIFF: its first error, never printed.
typedef struct {
    char message[200];
} gallery_tiff_report;

/// A TIFF being read from memory the caller keeps alive until `gallery_tiff_close`.
typedef struct gallery_tiff gallery_tiff;

/// Opens the TIFF in `data` and reads its first directory; NULL with `report` filled when libtiff
/// cannot. No allocation libtiff makes for it exceeds `max_allocation` bytes.
gallery_tiff *gallery_tiff_open(const unsigned char *data, size_t size, size_t max_allocation,
                                gallery_tiff_report *report);

/// The first directory's width, height and Orientation tag (1 when absent).
void gallery_tiff_size(gallery_tiff *tiff, uint32_t *width, uint32_t *height, uint16_t *orientation);

/// Decodes the first directory into `rgba` (width x height pixels of R, G, B, A bytes, alpha
/// premultiplied, rows top to bottom as stored: flips of the Orientation tag applied, its
/// transpositions (5 to 8) not). Returns 0, or -1 with `report` filled.
int gallery_tiff_read_rgba(gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t height,
                           gallery_tiff_report *report);

/// Decodes `rows` rows of the first directory from `first_row` on, as stored (no Orientation
/// flip applied), into `rgba` (width x rows pixels of R, G, B, A bytes, alpha premultiplied):
/// a large picture read a band at a time. Returns 0, or -1 with `report` filled.
int gallery_tiff_read_rgba_rows(gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t first_row,
                                uint32_t rows, gallery_tiff_report *report);

void gallery_tiff_close(gallery_tiff *tiff);

#endif
