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

int gallery_tiff_read_rgba(gallery_tiff *tiff, unsigned char *rgba, uint32_t width, uint32_t height,
                           gallery_tiff_report *report) {
    memset(report, 0, sizeof *report);
    tiff->report = report;
    char reason[1024] = "";
    if (!TIFFRGBAImageOK(tiff->tif, reason)) {
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
