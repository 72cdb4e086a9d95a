// libtiff reading from memory through TIFFClientOpenExt. Its errors and warnings go to handlers
// of ours, never to stderr: the full-screen app draws on the terminal libtiff would print to.
#include "tiff_decode.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

struct gallery_tiff {
    const unsigned char *data;
    size_t size;
    size_t offset;
    gallery_tiff_report *report;
    TIFF *tif;
};

static tsize_t on_read(thandle_t handle, tdata_t buffer, tsize_t count) {
    struct gallery_tiff *source = handle;
    if (count <= 0 || source->offset >= source->size) return 0;
    size_t wanted = (size_t)count, left = source->size - source->offset;
    size_t copied = wanted < left ? wanted : left;
    memcpy(buffer, source->data + source->offset, copied);
    source->offset += copied;
    return (tsize_t)copied;
}

static tsize_t on_write(thandle_t handle, tdata_t buffer, tsize_t count) {
    (void)handle, (void)buffer, (void)count;
    return 0;
}

static toff_t on_seek(thandle_t handle, toff_t offset, int whence) {
    struct gallery_tiff *source = handle;
    uint64_t base = whence == SEEK_CUR ? source->offset : whence == SEEK_END ? source->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    // Past the end is allowed (reads there give nothing), as for a file.
    source->offset = (size_t)(base + offset);
    return source->offset;
}

static int on_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t on_size(thandle_t handle) {
    return ((struct gallery_tiff *)handle)->size;
}

static int on_map(thandle_t handle, tdata_t *base, toff_t *size) {
    (void)handle, (void)base, (void)size;
    return 0;
}

static void on_unmap(thandle_t handle, tdata_t base, toff_t size) {
    (void)handle, (void)base, (void)size;
}

// The first error is kept; later ones are usually its consequences.
static int on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif, (void)module;
    gallery_tiff_report *report = ((struct gallery_tiff *)user_data)->report;
    if (report != NULL && report->message[0] == 0) {
        vsnprintf(report->message, sizeof report->message, format, arguments);
    }
    return 1;  // handled: the global handler does not print it
}

static int on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif, (void)user_data, (void)module, (void)format, (void)arguments;
    return 1;
}

// Errors raised where libtiff has no open file yet would reach the global handlers, which print.
static void silence_global_handlers(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

static void fail(gallery_tiff_report *report, const char *fallback) {
    if (report->message[0] == 0) snprintf(report->message, sizeof report->message, "%s", fallback);
}

gallery_tiff *gallery_tiff_open(const unsigned char *data, size_t size, size_t max_allocation,
                                gallery_tiff_report *report) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, silence_global_handlers);
    memset(report, 0, sizeof *report);
    struct gallery_tiff *tiff = calloc(1, sizeof *tiff);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (tiff == NULL || options == NULL) {
        free(tiff);
        TIFFOpenOptionsFree(options);
        fail(report, "out of memory");
        return NULL;
    }
    tiff->data = data;
    tiff->size = size;
    tiff->report = report;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, tiff);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, tiff);
    // "r": read; "m": no memory mapping (on_map declines anyway).
    tiff->tif = TIFFClientOpenExt("memory", "rm", tiff, on_read, on_write, on_seek, on_close, on_size,
                                  on_map, on_unmap, options);
    TIFFOpenOptionsFree(options);
    if (tiff->tif == NULL) {
        fail(report, "not a readable TIFF");
        free(tiff);
        return NULL;
    }
    return tiff;
}

void gallery_tiff_size(gallery_tiff *tiff, uint32_t *width, uint32_t *height, uint16_t *orientation) {
    *width = 0;
    *height = 0;
    *orientation = ORIENTATION_TOPLEFT;
    TIFFGetField(tiff->tif, TIFFTAG_IMAGEWIDTH, width);
    TIFFGetField(tiff->tif, TIFFTAG_IMAGELENGTH, height);
    TIFFGetFieldDefaulted(tiff->tif, TIFFTAG_ORIENTATION, orientation);
}

// Samples libtiff's RGBA interface refuses ("Sorry, can not handle images with 12-bit samples"),
// read row by row ourselves as Pillow and ImageMagick read them: unsigned integers of 2 to 32 bits
// (scaled to 8: 4095 is 255 for 12 bits) or 32-bit IEEE floats (0 to 1), grey, RGB or CMYK (as
// libtiff turns 8-bit CMYK into RGB), one plane or one per sample, in strips, as stored. Returns 1 when it read them, 0 when the picture is not
// one of those (report untouched), -1 with `report` filled for damage.
static int read_samples(struct gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t first_row,
                        uint32_t rows, gallery_tiff_report *report) {
    TIFF *tif = tiff->tif;
    uint16_t bits = 0, samples = 1, format = SAMPLEFORMAT_UINT, photometric = 0, planar = PLANARCONFIG_CONTIG;
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    // Without the tag, one sample is grey (as Pillow reads a scientific float TIFF that has none).
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric)) photometric = samples == 1 ? PHOTOMETRIC_MINISBLACK : 0xFFFF;
    if (TIFFIsTiled(tif)) return 0;
    int grey = photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE;
    int cmyk = photometric == PHOTOMETRIC_SEPARATED && samples >= 4;
    int integer = format == SAMPLEFORMAT_UINT && bits >= 2 && bits <= 32;
    int real = format == SAMPLEFORMAT_IEEEFP && bits == 32;
    if (!(grey || cmyk || (photometric == PHOTOMETRIC_RGB && samples >= 3)) || samples < 1 || !(integer || real)) return 0;
    int channels = grey ? 1 : cmyk ? 4 : 3;
    tmsize_t line_size = TIFFScanlineSize(tif);
    // One plane's row holds width samples of `bits` (all of them with one plane).
    uint64_t needed = ((uint64_t)width * (planar == PLANARCONFIG_CONTIG ? samples : 1) * bits + 7) / 8;
    if (line_size <= 0 || (uint64_t)line_size < needed) return 0;
    unsigned char *line = _TIFFmalloc(line_size);
    if (line == NULL) {
        fail(report, "out of memory");
        return -1;
    }
    double top = bits == 32 ? 4294967295.0 : (double)((1u << bits) - 1);
    for (uint32_t row = 0; row < rows; row++) {
        unsigned char *out = rgba + (size_t)row * width * 4;
        for (int channel = 0; channel < channels; channel++) {
            int plane = planar == PLANARCONFIG_CONTIG ? 0 : channel;
            if (channel == 0 || plane != 0) {
                if (TIFFReadScanline(tif, line, first_row + row, (uint16_t)plane) < 0) {
                    _TIFFfree(line);
                    fail(report, "unreadable TIFF image data");
                    return -1;
                }
            }
            for (uint32_t x = 0; x < width; x++) {
                uint64_t index = planar == PLANARCONFIG_CONTIG ? (uint64_t)x * samples + channel : x;
                uint64_t bit = index * bits;
                double value;
                if (real) {
                    float f;
                    memcpy(&f, line + bit / 8, 4);
                    value = f != f ? 0 : f < 0 ? 0 : f > 1 ? 1 : f;
                } else if (bits == 16 || bits == 32) {
                    // libtiff has swapped them to this machine's order.
                    uint32_t v = 0;
                    if (bits == 16) { uint16_t h; memcpy(&h, line + bit / 8, 2); v = h; } else memcpy(&v, line + bit / 8, 4);
                    value = v / top;
                } else {
                    // Packed big-endian bits, as TIFF stores samples not a multiple of 8 bits.
                    uint64_t v = 0;
                    for (uint16_t b = 0; b < bits; b++) {
                        uint64_t at = bit + b;
                        v = v << 1 | ((line[at / 8] >> (7 - at % 8)) & 1);
                    }
                    value = v / top;
                }
                if (photometric == PHOTOMETRIC_MINISWHITE) value = 1 - value;
                unsigned char byte = (unsigned char)(value * 255 + 0.5);
                if (grey) out[x * 4] = out[x * 4 + 1] = out[x * 4 + 2] = byte;
                else out[x * 4 + channel] = byte;
                if (!cmyk) out[x * 4 + 3] = 255;
            }
        }
        for (uint32_t x = 0; cmyk && x < width; x++) {
            unsigned char *pixel = out + x * 4;
            int k = 255 - pixel[3];
            for (int c = 0; c < 3; c++) pixel[c] = (unsigned char)((255 - pixel[c]) * k / 255);
            pixel[3] = 255;
        }
    }
    _TIFFfree(line);
    return 1;
}

// Whether libtiff's RGBA interface reads this picture: TIFFRGBAImageOK passes some that
// TIFFRGBAImageBegin then has no routine for (16-bit CMYK: "Sorry, can not handle image"). What
// the probe reported is forgotten.
static int rgba_reads(struct gallery_tiff *tiff, char reason[1024], gallery_tiff_report *report) {
    TIFFRGBAImage image;
    int ok = TIFFRGBAImageOK(tiff->tif, reason) && TIFFRGBAImageBegin(&image, tiff->tif, 1, reason);
    if (ok) TIFFRGBAImageEnd(&image);
    memset(report, 0, sizeof *report);
    return ok;
}

int gallery_tiff_read_rgba(gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t height,
                           gallery_tiff_report *report) {
    memset(report, 0, sizeof *report);
    tiff->report = report;
    char reason[1024] = "";
    if (!rgba_reads(tiff, reason, report)) {
        uint16_t orientation = ORIENTATION_TOPLEFT;
        TIFFGetFieldDefaulted(tiff->tif, TIFFTAG_ORIENTATION, &orientation);
        // The samples read ourselves are as stored: the caller's flips of 2 to 4 are not made.
        int read = orientation == ORIENTATION_TOPLEFT || orientation > ORIENTATION_BOTLEFT
            ? read_samples(tiff, rgba, width, 0, height, report) : 0;
        if (read != 0) return read > 0 ? 0 : -1;
        fail(report, reason[0] ? reason : "a TIFF libtiff cannot turn into RGBA");
        return -1;
    }
    // stop_on_error: damaged strips are an error, not a picture with holes.
    // Each pixel a uint32_t packed as TIFFGetR/G/B/A read it, which in memory (little-endian) is
    // R, G, B, A; the caller's buffer is malloc'ed, so aligned for it.
    if (!TIFFReadRGBAImageOriented(tiff->tif, width, height, (uint32_t *)(void *)rgba, ORIENTATION_TOPLEFT, 1)) {
        fail(report, "unreadable TIFF image data");
        return -1;
    }
    return 0;
}

int gallery_tiff_read_rgba_rows(gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t first_row,
                                uint32_t rows, gallery_tiff_report *report) {
    memset(report, 0, sizeof *report);
    tiff->report = report;
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!rgba_reads(tiff, reason, report)) {
        int read = read_samples(tiff, rgba, width, first_row, rows, report);
        if (read != 0) return read > 0 ? 0 : -1;
    }
    // stop_on_error, as for the whole picture.
    if (!TIFFRGBAImageOK(tiff->tif, reason) || !TIFFRGBAImageBegin(&image, tiff->tif, 1, reason)) {
        fail(report, reason[0] ? reason : "a TIFF libtiff cannot turn into RGBA");
        return -1;
    }
    // The rows as stored: asking for the file's own orientation makes libtiff flip nothing, and a
    // band's rows are then the file's rows first_row to first_row + rows.
    image.req_orientation = image.orientation;
    image.row_offset = (int)first_row;
    image.col_offset = 0;
    int ok = TIFFRGBAImageGet(&image, (uint32_t *)(void *)rgba, width, rows);
    TIFFRGBAImageEnd(&image);
    if (!ok) {
        fail(report, "unreadable TIFF image data");
        return -1;
    }
    return 0;
}

void gallery_tiff_close(gallery_tiff *tiff) {
    if (tiff == NULL) return;
    TIFFClose(tiff->tif);
    free(tiff);
}
