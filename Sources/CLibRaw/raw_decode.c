// LibRaw loaded when first needed (dlopen) rather than linked: it pulls in libstdc++, libgomp,
// lcms2 and libjpeg, which every start of the program would otherwise load.
#include "raw_decode.h"
#include "library_loader.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libraw/libraw.h>

// The LibRaw functions used, looked up once.
static struct {
    libraw_data_t *(*init)(unsigned int);
    int (*open_buffer)(libraw_data_t *, void *, size_t);
    int (*unpack)(libraw_data_t *);
    int (*unpack_thumb)(libraw_data_t *);
    int (*dcraw_process)(libraw_data_t *);
    libraw_processed_image_t *(*make_mem_image)(libraw_data_t *, int *);
    libraw_processed_image_t *(*make_mem_thumb)(libraw_data_t *, int *);
    void (*clear_mem)(libraw_processed_image_t *);
    void (*close)(libraw_data_t *);
    const char *(*strerror)(int);
    void (*set_progress_handler)(libraw_data_t *, progress_callback, void *);
    void (*set_dataerror_handler)(libraw_data_t *, data_callback, void *);
    void (*set_memerror_handler)(libraw_data_t *, memory_callback, void *);
} lr;

static char load_failure[200];

static void load(void) {
    // libraw_r: the build whose instances may be used on several threads at once.
    const char *names[] = {"libraw_r.so.20"};
    void *library;
    if (!gallery_open_libraries(names, 1, &library, "camera RAW files", "LibRaw is not installed", load_failure,
                                sizeof load_failure)) {
        return;
    }
    gallery_symbol symbols[] = {
        {library, (void **)&lr.init, "libraw_init"},
        {library, (void **)&lr.open_buffer, "libraw_open_buffer"},
        {library, (void **)&lr.unpack, "libraw_unpack"},
        {library, (void **)&lr.unpack_thumb, "libraw_unpack_thumb"},
        {library, (void **)&lr.dcraw_process, "libraw_dcraw_process"},
        {library, (void **)&lr.make_mem_image, "libraw_dcraw_make_mem_image"},
        {library, (void **)&lr.make_mem_thumb, "libraw_dcraw_make_mem_thumb"},
        {library, (void **)&lr.clear_mem, "libraw_dcraw_clear_mem"},
        {library, (void **)&lr.close, "libraw_close"},
        {library, (void **)&lr.strerror, "libraw_strerror"},
        {library, (void **)&lr.set_progress_handler, "libraw_set_progress_handler"},
        {library, (void **)&lr.set_dataerror_handler, "libraw_set_dataerror_handler"},
        {library, (void **)&lr.set_memerror_handler, "libraw_set_memerror_handler"},
    };
    gallery_look_up_symbols(symbols, sizeof symbols / sizeof symbols[0], "LibRaw", load_failure, sizeof load_failure);
}

int gallery_raw_available(gallery_raw_report *report) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    memset(report, 0, sizeof *report);
    return gallery_loaded(load_failure, report->message, sizeof report->message);
}

struct gallery_raw {
    libraw_data_t *data;
    struct timespec deadline;
    // The last damage LibRaw's handlers reported (their defaults print to stderr, where the app draws).
    char damage[120];
    libraw_processed_image_t *thumb;
    libraw_processed_image_t *image;
};

static int past(const struct timespec *deadline) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec > deadline->tv_nsec);
}

// LibRaw calls this between its stages: a non-zero answer stops it (LIBRAW_CANCELLED_BY_CALLBACK).
static int on_progress(void *context, enum LibRaw_progress stage, int iteration, int expected) {
    (void)stage, (void)iteration, (void)expected;
    return past(&((gallery_raw *)context)->deadline);
}

static void on_data_error(void *context, const char *file, const int offset) {
    (void)file;
    gallery_raw *raw = context;
    snprintf(raw->damage, sizeof raw->damage, "data damaged at offset %d", offset);
}

static void on_memory_error(void *context, const char *file, const char *where) {
    (void)file;
    gallery_raw *raw = context;
    snprintf(raw->damage, sizeof raw->damage, "out of memory in %s", where != NULL ? where : "LibRaw");
}

static void report_error(gallery_raw *raw, int code, gallery_raw_report *report) {
    const char *words = code == LIBRAW_CANCELLED_BY_CALLBACK ? "took too long" : lr.strerror(code);
    if (raw->damage[0] != 0) {
        snprintf(report->message, sizeof report->message, "%s (%s)", words, raw->damage);
    } else {
        snprintf(report->message, sizeof report->message, "%s", words);
    }
}

gallery_raw *gallery_raw_open(const unsigned char *data, size_t size, gallery_raw_limits limits,
                              gallery_raw_report *report) {
    if (!gallery_raw_available(report)) return NULL;
    gallery_raw *raw = calloc(1, sizeof *raw);
    if (raw == NULL || (raw->data = lr.init(0)) == NULL) {
        free(raw);
        snprintf(report->message, sizeof report->message, "out of memory");
        return NULL;
    }
    clock_gettime(CLOCK_MONOTONIC, &raw->deadline);
    raw->deadline.tv_sec += limits.budget_ms / 1000;
    raw->deadline.tv_nsec += (limits.budget_ms % 1000) * 1000000L;
    if (raw->deadline.tv_nsec >= 1000000000L) raw->deadline.tv_sec += 1, raw->deadline.tv_nsec -= 1000000000L;
    lr.set_progress_handler(raw->data, on_progress, raw);
    lr.set_dataerror_handler(raw->data, on_data_error, raw);
    lr.set_memerror_handler(raw->data, on_memory_error, raw);
    raw->data->params.max_raw_memory_mb = limits.max_memory_mb;
    // The picture as stored: the caller turns it by `flip`, as it turns the preview.
    raw->data->params.user_flip = 0;
    int code = lr.open_buffer(raw->data, (void *)data, size);
    if (code != LIBRAW_SUCCESS) {
        report_error(raw, code, report);
        gallery_raw_close(raw);
        return NULL;
    }
    long pixels = (long)raw->data->sizes.raw_width * raw->data->sizes.raw_height;
    if (pixels <= 0 || pixels > limits.max_raw_pixels) {
        snprintf(report->message, sizeof report->message, "a sensor of %dx%d pixels",
                 raw->data->sizes.raw_width, raw->data->sizes.raw_height);
        gallery_raw_close(raw);
        return NULL;
    }
    return raw;
}

void gallery_raw_read_fields(gallery_raw *raw, gallery_raw_fields *fields) {
    memset(fields, 0, sizeof *fields);
    const libraw_data_t *d = raw->data;
    // LibRaw's normalized names: "Canon", not "Canon Inc."; the model without the make.
    snprintf(fields->make, sizeof fields->make, "%s", d->idata.make);
    snprintf(fields->model, sizeof fields->model, "%s", d->idata.model);
    snprintf(fields->lens, sizeof fields->lens, "%s", d->lens.Lens);
    fields->iso = d->other.iso_speed;
    fields->shutter = d->other.shutter;
    fields->aperture = d->other.aperture;
    fields->focal_length = d->other.focal_len;
    // LibRaw made the timestamp with mktime, as the camera's local time: localtime gives that back.
    if (d->other.timestamp > 0) {
        struct tm local;
        time_t timestamp = d->other.timestamp;
        if (localtime_r(&timestamp, &local) != NULL) {
            fields->year = local.tm_year + 1900, fields->month = local.tm_mon + 1, fields->day = local.tm_mday;
            fields->hour = local.tm_hour, fields->minute = local.tm_min, fields->second = local.tm_sec;
        }
    }
    if (d->other.parsed_gps.gpsparsed) {
        fields->has_position = 1;
        memcpy(fields->latitude, d->other.parsed_gps.latitude, sizeof fields->latitude);
        memcpy(fields->longitude, d->other.parsed_gps.longitude, sizeof fields->longitude);
        fields->latitude_ref = d->other.parsed_gps.latref;
        fields->longitude_ref = d->other.parsed_gps.longref;
    }
    fields->flip = d->sizes.flip;
    fields->width = d->sizes.width;
    fields->height = d->sizes.height;
}

int gallery_raw_read_preview(gallery_raw *raw, gallery_raw_preview *preview, gallery_raw_report *report) {
    memset(preview, 0, sizeof *preview);
    memset(report, 0, sizeof *report);
    int code = lr.unpack_thumb(raw->data);
    if (code != LIBRAW_SUCCESS) {
        report_error(raw, code, report);
        return -1;
    }
    const libraw_thumbnail_t *thumbnail = &raw->data->thumbnail;
    if (thumbnail->tformat == LIBRAW_THUMBNAIL_JPEG && thumbnail->thumb != NULL && thumbnail->tlength > 0) {
        // The camera's own bytes, not libraw_dcraw_make_mem_thumb's copy: that one adds an Exif
        // orientation of its own when the JPEG has none, and the caller turns the picture by `flip`.
        preview->kind = 1;
        preview->bytes = (const unsigned char *)thumbnail->thumb;
        preview->length = thumbnail->tlength;
        return 0;
    }
    if (thumbnail->tformat == LIBRAW_THUMBNAIL_BITMAP) {
        raw->thumb = lr.make_mem_thumb(raw->data, &code);
        if (raw->thumb != NULL && raw->thumb->type == LIBRAW_IMAGE_BITMAP && raw->thumb->colors == 3
            && raw->thumb->bits == 8 && raw->thumb->data_size >= (unsigned)raw->thumb->width * raw->thumb->height * 3) {
            preview->kind = 2;
            preview->bytes = raw->thumb->data;
            preview->length = raw->thumb->data_size;
            preview->width = raw->thumb->width;
            preview->height = raw->thumb->height;
            return 0;
        }
    }
    snprintf(report->message, sizeof report->message, "no preview LibRaw can give");
    return -1;
}

int gallery_raw_develop(gallery_raw *raw, const unsigned char **rgb, int *width, int *height, gallery_raw_report *report) {
    memset(report, 0, sizeof *report);
    libraw_output_params_t *params = &raw->data->params;
    params->half_size = 1;
    params->use_camera_wb = 1;
    params->output_bps = 8;
    params->output_color = 1;  // sRGB
    params->user_qual = 0;     // half size needs no interpolation; linear if it did
    int code = lr.unpack(raw->data);
    if (code == LIBRAW_SUCCESS) code = lr.dcraw_process(raw->data);
    if (code == LIBRAW_SUCCESS) {
        raw->image = lr.make_mem_image(raw->data, &code);
        if (raw->image == NULL && code == LIBRAW_SUCCESS) code = LIBRAW_UNSPECIFIED_ERROR;
    }
    if (code != LIBRAW_SUCCESS) {
        report_error(raw, code, report);
        return -1;
    }
    const libraw_processed_image_t *image = raw->image;
    if (image->type != LIBRAW_IMAGE_BITMAP || image->colors != 3 || image->bits != 8
        || image->data_size < (unsigned)image->width * image->height * 3) {
        snprintf(report->message, sizeof report->message, "LibRaw developed %d colours of %d bits", image->colors, image->bits);
        return -1;
    }
    *rgb = image->data;
    *width = image->width;
    *height = image->height;
    return 0;
}

void gallery_raw_close(gallery_raw *raw) {
    if (raw == NULL) return;
    if (raw->thumb != NULL) lr.clear_mem(raw->thumb);
    if (raw->image != NULL) lr.clear_mem(raw->image);
    if (raw->data != NULL) lr.close(raw->data);
    free(raw);
}
