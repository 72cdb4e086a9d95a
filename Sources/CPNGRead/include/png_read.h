#ifndef GALLERY_PNG_READ_H
#define GALLERY_PNG_READ_H
#include <stddef.h>

/// What libpng said while reading one PNG.
typedef struct {
    /// libpng's text of the error that stopped it, or of its first warning.
    char message[200];
    /// How many rows of the picture were decoded before an error; all of them on success.
    unsigned rows_decoded;
} gallery_png_report;

/// The size the IHDR chunk gives, with nothing decoded; 0 on success, -1 with `report` filled.
int gallery_png_read_size(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                          gallery_png_report *report);

/// Decodes the PNG, `width` x `height` as `gallery_png_read_size` gave, into `rgb` (three bytes a
/// pixel, rows packed): every colour type and depth as 8-bit RGB, 16-bit values rounded. With
/// `factor` over 1, `rgb` holds the averages of `factor` x `factor` boxes instead (ceil(width /
/// factor) x ceil(height / factor) of them), summed a row of boxes at a time, so memory holds the
/// small picture; an interlaced picture's boxes are averaged from its odd rows (Adam7's last pass). Values are
/// sRGB, as browsers and chafa show them: a gAMA chunk is applied only without an sRGB or iCCP
/// chunk, and only when it is neither about 1/2.2 nor 1.0 (which tools write meaning "none").
/// Alpha is composited over `background` (R, G, B) on those sRGB values, not in linear light.
///
/// Returns 0 when the whole picture decoded (perhaps with the chunks after it damaged or cut); 1
/// when an error stopped libpng after some rows of a non-interlaced picture (a bad filter byte,
/// data cut short): those rows are decoded and the rest grey; -1 when nothing usable decoded.
/// `report` says what happened.
int gallery_png_decode(const unsigned char *data, size_t size, const unsigned char background[3],
                       unsigned char *rgb, unsigned width, unsigned height, unsigned factor,
                       gallery_png_report *report);

#endif
