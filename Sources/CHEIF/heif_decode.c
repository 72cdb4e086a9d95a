// libheif loaded when first needed (dlopen) rather than linked: it pulls in libde265, libx265,
// dav1d, libaom, libstdc++ and more, which every start of the program would otherwise load.
#include "heif_decode.h"
#include "library_loader.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libheif/heif.h>

// The libheif functions used, looked up once.
static struct {
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct heif_error (*read_from_memory_without_copy)(struct heif_context *, const void *, size_t,
                                                       const struct heif_reading_options *);
    void (*set_maximum_image_size_limit)(struct heif_context *, int);
    struct heif_error (*get_primary_image_handle)(struct heif_context *, struct heif_image_handle **);
    void (*handle_release)(const struct heif_image_handle *);
    int (*handle_get_width)(const struct heif_image_handle *);
    int (*handle_get_height)(const struct heif_image_handle *);
    int (*number_of_thumbnails)(const struct heif_image_handle *);
    int (*list_of_thumbnail_ids)(const struct heif_image_handle *, heif_item_id *, int);
    struct heif_error (*get_thumbnail)(const struct heif_image_handle *, heif_item_id, struct heif_image_handle **);
    struct heif_error (*decode_image)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace,
                                      enum heif_chroma, const struct heif_decoding_options *);
    int (*image_get_width)(const struct heif_image *, enum heif_channel);
    int (*image_get_height)(const struct heif_image *, enum heif_channel);
    const uint8_t *(*image_get_plane_readonly)(const struct heif_image *, enum heif_channel, int *);
    void (*image_release)(const struct heif_image *);
} heif;

static char load_failure[200];

static void load(void) {
    const char *names[] = {"libheif.so.1"};
    void *library;
    if (!gallery_open_libraries(names, 1, &library, "HEIF and AVIF", "libheif is not installed", load_failure,
                                sizeof load_failure)) {
        return;
    }
    gallery_symbol symbols[] = {
        {library, (void **)&heif.context_alloc, "heif_context_alloc"},
        {library, (void **)&heif.context_free, "heif_context_free"},
        {library, (void **)&heif.read_from_memory_without_copy, "heif_context_read_from_memory_without_copy"},
        {library, (void **)&heif.set_maximum_image_size_limit, "heif_context_set_maximum_image_size_limit"},
        {library, (void **)&heif.get_primary_image_handle, "heif_context_get_primary_image_handle"},
        {library, (void **)&heif.handle_release, "heif_image_handle_release"},
        {library, (void **)&heif.handle_get_width, "heif_image_handle_get_width"},
        {library, (void **)&heif.handle_get_height, "heif_image_handle_get_height"},
        {library, (void **)&heif.number_of_thumbnails, "heif_image_handle_get_number_of_thumbnails"},
        {library, (void **)&heif.list_of_thumbnail_ids, "heif_image_handle_get_list_of_thumbnail_IDs"},
        {library, (void **)&heif.get_thumbnail, "heif_image_handle_get_thumbnail"},
        {library, (void **)&heif.decode_image, "heif_decode_image"},
        {library, (void **)&heif.image_get_width, "heif_image_get_width"},
        {library, (void **)&heif.image_get_height, "heif_image_get_height"},
        {library, (void **)&heif.image_get_plane_readonly, "heif_image_get_plane_readonly"},
        {library, (void **)&heif.image_release, "heif_image_release"},
    };
    gallery_look_up_symbols(symbols, sizeof symbols / sizeof symbols[0], "libheif", load_failure, sizeof load_failure);
}

static void report_text(gallery_heif_report *report, const char *text) {
    snprintf(report->message, sizeof report->message, "%s", text);
}

int gallery_heif_available(gallery_heif_report *report) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    memset(report, 0, sizeof *report);
    return gallery_loaded(load_failure, report->message, sizeof report->message);
}

struct gallery_heif {
    struct heif_context *context;
    struct heif_image_handle *primary;
    struct heif_image_handle *chosen;  // the primary or one of its thumbnails
};

gallery_heif *gallery_heif_open(const unsigned char *data, size_t size, int max_side, gallery_heif_report *report) {
    if (!gallery_heif_available(report)) return NULL;
    gallery_heif *file = calloc(1, sizeof *file);
    if (file == NULL || (file->context = heif.context_alloc()) == NULL) {
        free(file);
        report_text(report, "out of memory");
        return NULL;
    }
    heif.set_maximum_image_size_limit(file->context, max_side);
    struct heif_error error = heif.read_from_memory_without_copy(file->context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif.get_primary_image_handle(file->context, &file->primary);
    if (error.code != heif_error_Ok) {
        report_text(report, error.message);
        gallery_heif_close(file);
        return NULL;
    }
    // An overlay's or a grid's canvas is bounded by this limit alone, on each side: once the
    // primary image's size is known, no canvas needs a side longer than its longest (a damaged
    // file had libheif allocate 2.4 GB for a small picture's overlay).
    int width = heif.handle_get_width(file->primary), height = heif.handle_get_height(file->primary);
    heif.set_maximum_image_size_limit(file->context, (width > height ? width : height) + 1);
    file->chosen = file->primary;
    return file;
}

void gallery_heif_size(gallery_heif *file, int *width, int *height) {
    *width = heif.handle_get_width(file->primary);
    *height = heif.handle_get_height(file->primary);
}

void gallery_heif_choose(gallery_heif *file, int min_width, int min_height, int *width, int *height) {
    heif_item_id ids[16];
    int count = heif.list_of_thumbnail_ids(file->primary, ids, 16);
    struct heif_image_handle *best = NULL;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif.get_thumbnail(file->primary, ids[i], &thumbnail).code != heif_error_Ok) continue;
        int w = heif.handle_get_width(thumbnail), h = heif.handle_get_height(thumbnail);
        int covers = w >= min_width && h >= min_height;
        int smaller = best == NULL || (long)w * h < (long)heif.handle_get_width(best) * heif.handle_get_height(best);
        if (covers && smaller) {
            if (best != NULL) heif.handle_release(best);
            best = thumbnail;
        } else {
            heif.handle_release(thumbnail);
        }
    }
    if (file->chosen != file->primary) heif.handle_release(file->chosen);
    file->chosen = best != NULL ? best : file->primary;
    *width = heif.handle_get_width(file->chosen);
    *height = heif.handle_get_height(file->chosen);
}

int gallery_heif_decode(gallery_heif *file, unsigned char *rgba, int width, int height, gallery_heif_report *report) {
    memset(report, 0, sizeof *report);
    struct heif_image *image = NULL;
    // No options: libheif applies the file's rotations and mirrors (irot, imir), which HEIF
    // says are the only orientation, so the Exif tag is not applied again.
    struct heif_error error = heif.decode_image(file->chosen, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    if (error.code != heif_error_Ok) {
        report_text(report, error.message);
        return -1;
    }
    int stride = 0;
    const uint8_t *plane = heif.image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int decoded_width = heif.image_get_width(image, heif_channel_interleaved);
    int decoded_height = heif.image_get_height(image, heif_channel_interleaved);
    if (plane == NULL || decoded_width != width || decoded_height != height || stride < width * 4) {
        snprintf(report->message, sizeof report->message, "libheif decoded %dx%d, not the announced %dx%d",
                 decoded_width, decoded_height, width, height);
        heif.image_release(image);
        return -1;
    }
    for (int row = 0; row < height; row++) {
        memcpy(rgba + (size_t)row * width * 4, plane + (size_t)row * stride, (size_t)width * 4);
    }
    heif.image_release(image);
    return 0;
}

void gallery_heif_close(gallery_heif *file) {
    if (file == NULL) return;
    if (file->chosen != NULL && file->chosen != file->primary) heif.handle_release(file->chosen);
    if (file->primary != NULL) heif.handle_release(file->primary);
    if (file->context != NULL) heif.context_free(file->context);
    free(file);
}
