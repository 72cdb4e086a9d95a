// libpng's full API rather than its simplified one (png_image): that one takes 16-bit samples
// without a gAMA chunk as linear, applies gAMA 1.0, and composites alpha in linear light, none of
// which browsers or chafa do; and it keeps no rows when an error stops it. libpng reports errors
// by longjmp, so this is C, and no Swift frame lies between setjmp and longjmp.
#include "png_read.h"

#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
    gallery_png_report *report;
    jmp_buf failure;
} reader;

static void on_error(png_structp png, png_const_charp message) {
    reader *source = png_get_error_ptr(png);
    strncpy(source->report->message, message, sizeof source->report->message - 1);
    longjmp(source->failure, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    reader *source = png_get_error_ptr(png);
    if (source->report->message[0] == 0) {
        strncpy(source->report->message, message, sizeof source->report->message - 1);
    }
}

static void read_bytes(png_structp png, png_bytep out, png_size_t count) {
    reader *source = png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "unexpected end of file");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

// A 256-entry table from the file's values to sRGB-like display values (gamma 2.2), or none.
static int gamma_table(png_structp png, png_infop info, unsigned char table[256]) {
    png_fixed_point gamma;
    if (png_get_valid(png, info, PNG_INFO_sRGB) || png_get_valid(png, info, PNG_INFO_iCCP)) return 0;
    if (!png_get_gAMA_fixed(png, info, &gamma) || gamma <= 0) return 0;
    double exponent = 100000.0 / (gamma * 2.2);
    // gAMA 1.0 is what tools write meaning "no correction" (peers ignore it); within 5% of
    // 1/2.2 the file is sRGB in all but name.
    if (gamma == 100000 || fabs(exponent - 1.0) < 0.05) return 0;
    for (int v = 0; v < 256; v++) table[v] = (unsigned char)lround(255.0 * pow(v / 255.0, exponent));
    return 1;
}

static void to_rgb(const unsigned char *rgba, unsigned char *rgb, unsigned width, const unsigned char *table,
                   const unsigned char background[3]) {
    for (unsigned x = 0; x < width; x++, rgba += 4, rgb += 3) {
        unsigned alpha = rgba[3];
        for (int c = 0; c < 3; c++) {
            unsigned value = table ? table[rgba[c]] : rgba[c];
            rgb[c] = (unsigned char)((value * alpha + background[c] * (255 - alpha) + 127) / 255);
        }
    }
}

// Reads the header; without `rgb` gives its size, with it decodes into it.
static int run(const unsigned char *data, size_t size, const unsigned char background[3], unsigned char *rgb,
               unsigned *width, unsigned *height, gallery_png_report *report) {
    reader source = { data, size, 0, report };
    memset(report, 0, sizeof *report);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    if (png == NULL) { strcpy(report->message, "cannot create the PNG reader"); return -1; }
    png_infop info = png_create_info_struct(png);
    // Volatile: changed after setjmp and read after the longjmp. `buffer` is one row, or the
    // whole picture when it is interlaced.
    unsigned char *volatile buffer = NULL;
    if (setjmp(source.failure)) {
        free(buffer);
        png_destroy_read_struct(&png, &info, NULL);
        // Rows converted before the error (only a non-interlaced picture's are) are picture; all
        // of them, when only the chunks after them were damaged or cut.
        if (rgb == NULL || report->rows_decoded == 0) return -1;
        if (report->rows_decoded == *height) return 0;
        memset(rgb + (size_t)report->rows_decoded * *width * 3, 128,
               (size_t)(*height - report->rows_decoded) * *width * 3);
        return 1;
    }
    if (info == NULL) png_error(png, "cannot create the PNG reader");
    png_set_benign_errors(png, 1);
    png_set_read_fn(png, &source, read_bytes);
    // IDAT is read this many bytes at a time (8 KB by default): when the file ends inside it, the
    // rows of all but the last read decode.
    png_set_compression_buffer_size(png, 1024);
    png_read_info(png, info);
    if (rgb == NULL) {
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (png_get_image_width(png, info) != *width || png_get_image_height(png, info) != *height) {
        png_error(png, "size changed between reads");
    }
    unsigned char table[256];
    const unsigned char *gamma = gamma_table(png, info, table) ? table : NULL;
    // Every colour type and depth as 8-bit RGBA.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)*width * 4) png_error(png, "unexpected row size");
    size_t stride = (size_t)*width * 4;
    if (passes > 1) {
        // Interlaced: no row is whole before the last pass, so the picture is read whole first.
        buffer = malloc(stride * *height);
        if (buffer == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (unsigned y = 0; y < *height; y++) png_read_row(png, buffer + stride * y, NULL);
        }
        for (unsigned y = 0; y < *height; y++) {
            to_rgb(buffer + stride * y, rgb + (size_t)y * *width * 3, *width, gamma, background);
        }
    } else {
        buffer = malloc(stride);
        if (buffer == NULL) png_error(png, "out of memory");
        for (unsigned y = 0; y < *height; y++) {
            png_read_row(png, buffer, NULL);
            to_rgb(buffer, rgb + (size_t)y * *width * 3, *width, gamma, background);
            report->rows_decoded = y + 1;
        }
    }
    report->rows_decoded = *height;
    free(buffer);
    buffer = NULL;
    // The chunks after the picture: an error here (a cut-off IEND) leaves the picture whole.
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int gallery_png_read_size(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                          gallery_png_report *report) {
    return run(data, size, NULL, NULL, width, height, report);
}

int gallery_png_decode(const unsigned char *data, size_t size, const unsigned char background[3],
                       unsigned char *rgb, unsigned width, unsigned height, gallery_png_report *report) {
    return run(data, size, background, rgb, &width, &height, report);
}
