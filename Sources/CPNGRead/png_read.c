// libpng's full API rather than its simplified one (png_image): that one takes 16-bit samples
// without a gAMA chunk as linear, applies gAMA 1.0, and composites alpha in linear light, none of
// which browsers or chafa do; and it keeps no rows when an error stops it. libpng reports errors
// by longjmp, so this is C, and no Swift frame lies between setjmp and longjmp.
#include "png_read.h"

#include <math.h>
#include <setjmp.h>
#include <stdint.h>
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

// Where decoded rows go: every pixel (`factor` 1), or the averages of `factor` x `factor` boxes,
// summed a row of boxes at a time so that memory holds the small picture, never the large one.
typedef struct {
    unsigned char *rgb;
    unsigned width, height, factor, across;
    const unsigned char *gamma;
    const unsigned char *background;
    uint64_t *sums;        // R, G, B of each box of the row of boxes being summed
    unsigned char *line;   // one row converted, before it is summed
    unsigned rows_summed;  // rows of the present row of boxes summed so far
    unsigned boxes_done;   // rows of boxes written
} canvas;

static void free_canvas(canvas *c) {
    if (c == NULL) return;
    free(c->sums);
    free(c->line);
    free(c);
}

// A canvas for `rgb`: `width` x `height` pixels, or their boxes of `factor` (0 is 1).
static canvas *new_canvas(unsigned char *rgb, unsigned width, unsigned height, unsigned factor,
                          const unsigned char *background) {
    canvas *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    *c = (canvas){ rgb, width, height, factor ? factor : 1, 0, NULL, background, NULL, NULL, 0, 0 };
    c->across = (width + c->factor - 1) / c->factor;
    if (c->factor > 1) {
        c->sums = calloc((size_t)c->across * 3, sizeof(uint64_t));
        c->line = malloc((size_t)width * 3);
        if (c->sums == NULL || c->line == NULL) {
            free_canvas(c);
            return NULL;
        }
    }
    return c;
}

// The row of boxes summed so far, written as its averages; with no row summed (an interlaced
// picture's last box of one even row), the row of boxes above it again, or grey.
static void flush_boxes(canvas *c) {
    unsigned char *out = c->rgb + (size_t)c->boxes_done * c->across * 3;
    if (c->rows_summed == 0) {
        if (c->boxes_done > 0) memcpy(out, out - (size_t)c->across * 3, (size_t)c->across * 3);
        else memset(out, 128, (size_t)c->across * 3);
    } else {
        for (unsigned box = 0; box < c->across; box++) {
            unsigned columns = c->width - box * c->factor < c->factor ? c->width - box * c->factor : c->factor;
            uint64_t count = (uint64_t)columns * c->rows_summed;
            for (int channel = 0; channel < 3; channel++) {
                out[box * 3 + channel] = (unsigned char)((c->sums[box * 3 + channel] + count / 2) / count);
            }
        }
    }
    memset(c->sums, 0, sizeof(uint64_t) * c->across * 3);
    c->rows_summed = 0;
    c->boxes_done++;
}

// Row `y`, as 8-bit RGBA, into the canvas.
static void put_row(canvas *c, unsigned y, const unsigned char *rgba) {
    if (c->factor == 1) {
        to_rgb(rgba, c->rgb + (size_t)y * c->width * 3, c->width, c->gamma, c->background);
        return;
    }
    to_rgb(rgba, c->line, c->width, c->gamma, c->background);
    for (unsigned x = 0; x < c->width; x++) {
        uint64_t *box = c->sums + (size_t)(x / c->factor) * 3;
        box[0] += c->line[x * 3];
        box[1] += c->line[x * 3 + 1];
        box[2] += c->line[x * 3 + 2];
    }
    c->rows_summed++;
}

// Called after row `y` (read or skipped): a row of boxes complete is written.
static void end_row(canvas *c, unsigned y) {
    if (c->factor > 1 && (y % c->factor == c->factor - 1 || y == c->height - 1)) flush_boxes(c);
}

// Reads the header; without `rgb` gives its size, with it decodes into it by boxes of `factor`.
static int run(const unsigned char *data, size_t size, const unsigned char background[3], unsigned char *rgb,
               unsigned *width, unsigned *height, unsigned factor, gallery_png_report *report) {
    reader source = { data, size, 0, report };
    memset(report, 0, sizeof *report);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
    if (png == NULL) { strcpy(report->message, "cannot create the PNG reader"); return -1; }
    png_infop info = png_create_info_struct(png);
    // Volatile: changed after setjmp and read after the longjmp. `buffer` is one row, or the
    // whole picture when it is interlaced and kept whole.
    unsigned char *volatile buffer = NULL;
    // The canvas is made before setjmp and lives on the heap, so what the rows did to it is
    // still there after a longjmp (a local changed after setjmp would not be).
    canvas *c = rgb != NULL ? new_canvas(rgb, *width, *height, factor, background) : NULL;
    if (rgb != NULL && c == NULL) {
        strcpy(report->message, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    if (setjmp(source.failure)) {
        // Rows converted before the error (only a non-interlaced picture's are) are picture; all
        // of them, when only the chunks after them were damaged or cut.
        int status = -1;
        if (rgb != NULL && report->rows_decoded > 0) {
            status = 0;
            if (report->rows_decoded < *height) {
                status = 1;
                if (c->factor == 1) {
                    memset(rgb + (size_t)report->rows_decoded * *width * 3, 128,
                           (size_t)(*height - report->rows_decoded) * *width * 3);
                } else {
                    if (c->rows_summed > 0) flush_boxes(c);
                    unsigned down = (c->height + c->factor - 1) / c->factor;
                    memset(rgb + (size_t)c->boxes_done * c->across * 3, 128, (size_t)(down - c->boxes_done) * c->across * 3);
                }
            }
        }
        free(buffer);
        free_canvas(c);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
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
    c->gamma = gamma_table(png, info, table) ? table : NULL;
    // Every colour type and depth as 8-bit RGBA.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)*width * 4) png_error(png, "unexpected row size");
    size_t stride = (size_t)*width * 4;
    if (passes > 1 && c->factor == 1) {
        // Interlaced: no row is whole before the last pass, so the picture is read whole first.
        buffer = malloc(stride * *height);
        if (buffer == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (unsigned y = 0; y < *height; y++) png_read_row(png, buffer + stride * y, NULL);
        }
        for (unsigned y = 0; y < *height; y++) put_row(c, y, buffer + stride * y);
    } else if (passes > 1) {
        // Interlaced, in boxes: Adam7's last pass holds every pixel of the odd rows, so the passes
        // before it are read past and the boxes are averaged from the odd rows alone.
        buffer = malloc(stride);
        if (buffer == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes - 1; pass++) {
            for (unsigned y = 0; y < *height; y++) png_read_row(png, NULL, NULL);
        }
        for (unsigned y = 0; y < *height; y++) {
            png_read_row(png, buffer, NULL);
            if (y % 2 == 1) put_row(c, y, buffer);
            end_row(c, y);
        }
    } else {
        buffer = malloc(stride);
        if (buffer == NULL) png_error(png, "out of memory");
        for (unsigned y = 0; y < *height; y++) {
            png_read_row(png, buffer, NULL);
            put_row(c, y, buffer);
            end_row(c, y);
            report->rows_decoded = y + 1;
        }
    }
    report->rows_decoded = *height;
    free(buffer);
    buffer = NULL;
    // The chunks after the picture: an error here (a cut-off IEND) leaves the picture whole.
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free_canvas(c);
    return 0;
}

int gallery_png_read_size(const unsigned char *data, size_t size, unsigned *width, unsigned *height,
                          gallery_png_report *report) {
    return run(data, size, NULL, NULL, width, height, 1, report);
}

int gallery_png_decode(const unsigned char *data, size_t size, const unsigned char background[3],
                       unsigned char *rgb, unsigned width, unsigned height, unsigned factor,
                       gallery_png_report *report) {
    return run(data, size, background, rgb, &width, &height, factor, report);
}
