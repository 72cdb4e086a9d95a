// libjxl loaded when first needed (dlopen) rather than linked: it pulls in libstdc++, brotli,
// highway and lcms2, which every start of the program would otherwise load.
#include "jxl_decode.h"
#include "library_loader.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>

// The libjxl functions used, looked up once.
static struct {
    JxlDecoder *(*create)(const JxlMemoryManager *);
    void (*destroy)(JxlDecoder *);
    JxlDecoderStatus (*subscribe)(JxlDecoder *, int);
    JxlDecoderStatus (*set_input)(JxlDecoder *, const uint8_t *, size_t);
    void (*close_input)(JxlDecoder *);
    JxlDecoderStatus (*process)(JxlDecoder *);
    JxlDecoderStatus (*basic_info)(const JxlDecoder *, JxlBasicInfo *);
    JxlDecoderStatus (*preferred_profile)(JxlDecoder *, const JxlColorEncoding *);
    JxlDecoderStatus (*out_buffer_size)(const JxlDecoder *, const JxlPixelFormat *, size_t *);
    JxlDecoderStatus (*set_out_buffer)(JxlDecoder *, const JxlPixelFormat *, void *, size_t);
    JxlDecoderStatus (*set_runner)(JxlDecoder *, JxlParallelRunner, void *);
    JxlDecoderStatus (*unpremultiply)(JxlDecoder *, JXL_BOOL);
    void *(*runner_create)(const JxlMemoryManager *, size_t);
    void (*runner_destroy)(void *);
    JxlParallelRetCode (*runner)(void *, void *, JxlParallelRunInit, JxlParallelRunFunction, uint32_t, uint32_t);
} jxl;

static char load_failure[200];

static void load(void) {
    const char *names[] = {"libjxl.so.0.7", "libjxl_threads.so.0.7"};
    void *libraries[2];
    if (!gallery_open_libraries(names, 2, libraries, "JPEG XL", "libjxl is not installed", load_failure,
                                sizeof load_failure)) {
        return;
    }
    void *library = libraries[0], *threads = libraries[1];
    gallery_symbol symbols[] = {
        {library, (void **)&jxl.create, "JxlDecoderCreate"},
        {library, (void **)&jxl.destroy, "JxlDecoderDestroy"},
        {library, (void **)&jxl.subscribe, "JxlDecoderSubscribeEvents"},
        {library, (void **)&jxl.set_input, "JxlDecoderSetInput"},
        {library, (void **)&jxl.close_input, "JxlDecoderCloseInput"},
        {library, (void **)&jxl.process, "JxlDecoderProcessInput"},
        {library, (void **)&jxl.basic_info, "JxlDecoderGetBasicInfo"},
        {library, (void **)&jxl.preferred_profile, "JxlDecoderSetPreferredColorProfile"},
        {library, (void **)&jxl.out_buffer_size, "JxlDecoderImageOutBufferSize"},
        {library, (void **)&jxl.set_out_buffer, "JxlDecoderSetImageOutBuffer"},
        {library, (void **)&jxl.set_runner, "JxlDecoderSetParallelRunner"},
        {library, (void **)&jxl.unpremultiply, "JxlDecoderSetUnpremultiplyAlpha"},
        {threads, (void **)&jxl.runner_create, "JxlThreadParallelRunnerCreate"},
        {threads, (void **)&jxl.runner_destroy, "JxlThreadParallelRunnerDestroy"},
        {threads, (void **)&jxl.runner, "JxlThreadParallelRunner"},
    };
    gallery_look_up_symbols(symbols, sizeof symbols / sizeof symbols[0], "libjxl", load_failure, sizeof load_failure);
}

int gallery_jxl_available(gallery_jxl_report *report) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    memset(report, 0, sizeof *report);
    return gallery_loaded(load_failure, report->message, sizeof report->message);
}

// libjxl's allocations, counted against a cap: a header announcing a small picture cannot make
// it allocate without end. Each block keeps its size in front of it.
typedef struct {
    _Atomic size_t used;
    size_t cap;
} memory_budget;

static void *budget_alloc(void *opaque, size_t size) {
    memory_budget *budget = opaque;
    size_t total = size + 16;
    if (total < size || atomic_fetch_add(&budget->used, total) + total > budget->cap) {
        atomic_fetch_sub(&budget->used, total);
        return NULL;
    }
    unsigned char *block = malloc(total);
    if (block == NULL) {
        atomic_fetch_sub(&budget->used, total);
        return NULL;
    }
    memcpy(block, &total, sizeof total);
    return block + 16;
}

static void budget_free(void *opaque, void *address) {
    if (address == NULL) return;
    memory_budget *budget = opaque;
    unsigned char *block = (unsigned char *)address - 16;
    size_t total;
    memcpy(&total, block, sizeof total);
    atomic_fetch_sub(&budget->used, total);
    free(block);
}

static const JxlPixelFormat rgba8 = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};

// Runs the decoder over the whole file until `until` (an event) or the end; fills `info` at the
// basic info and, when `rgba` is given, decodes the first frame into it.
static int run(const unsigned char *data, size_t size, int events, unsigned char *rgba, int width, int height,
               size_t max_memory, JxlBasicInfo *info, gallery_jxl_report *report) {
    memset(report, 0, sizeof *report);
    if (!gallery_jxl_available(report)) return -1;
    memory_budget budget = {0, max_memory};
    JxlMemoryManager memory = {&budget, budget_alloc, budget_free};
    JxlDecoder *decoder = jxl.create(&memory);
    void *runner = rgba != NULL ? jxl.runner_create(NULL, 2) : NULL;
    int result = -1;
    if (decoder == NULL) {
        snprintf(report->message, sizeof report->message, "out of memory");
        goto done;
    }
    if (jxl.subscribe(decoder, events) != JXL_DEC_SUCCESS || jxl.set_input(decoder, data, size) != JXL_DEC_SUCCESS
        || (runner != NULL && jxl.set_runner(decoder, jxl.runner, runner) != JXL_DEC_SUCCESS)
        || jxl.unpremultiply(decoder, JXL_TRUE) != JXL_DEC_SUCCESS) {
        snprintf(report->message, sizeof report->message, "libjxl refused its settings");
        goto done;
    }
    jxl.close_input(decoder);
    for (;;) {
        JxlDecoderStatus status = jxl.process(decoder);
        switch (status) {
        case JXL_DEC_BASIC_INFO:
            if (jxl.basic_info(decoder, info) != JXL_DEC_SUCCESS) {
                snprintf(report->message, sizeof report->message, "no basic info");
                goto done;
            }
            if (rgba == NULL) {
                result = 0;
                goto done;
            }
            // Sizes before orientation: libjxl turns the picture (keep_orientation is false).
            {
                int sideways = info->orientation >= JXL_ORIENT_TRANSPOSE;
                long shown_width = sideways ? info->ysize : info->xsize, shown_height = sideways ? info->xsize : info->ysize;
                if (shown_width != width || shown_height != height) {
                    snprintf(report->message, sizeof report->message, "%ldx%ld, not the %dx%d read before",
                             shown_width, shown_height, width, height);
                    goto done;
                }
            }
            break;
        case JXL_DEC_COLOR_ENCODING: {
            // XYB-coded pictures come out in linear light unless sRGB is asked for.
            JxlColorEncoding srgb = {
                .color_space = info->num_color_channels == 1 ? JXL_COLOR_SPACE_GRAY : JXL_COLOR_SPACE_RGB,
                .white_point = JXL_WHITE_POINT_D65, .primaries = JXL_PRIMARIES_SRGB,
                .transfer_function = JXL_TRANSFER_FUNCTION_SRGB, .rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL,
            };
            jxl.preferred_profile(decoder, &srgb);  // only a preference: ignored for pictures coded otherwise
            break;
        }
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER: {
            size_t needed = 0;
            if (jxl.out_buffer_size(decoder, &rgba8, &needed) != JXL_DEC_SUCCESS || needed != (size_t)width * height * 4
                || jxl.set_out_buffer(decoder, &rgba8, rgba, needed) != JXL_DEC_SUCCESS) {
                snprintf(report->message, sizeof report->message, "an output of %zu bytes for %dx%d", needed, width, height);
                goto done;
            }
            break;
        }
        case JXL_DEC_FULL_IMAGE:
            result = 0;  // the first frame is all that is shown
            goto done;
        case JXL_DEC_NEED_MORE_INPUT:
            snprintf(report->message, sizeof report->message, "the file is cut short");
            goto done;
        case JXL_DEC_SUCCESS:
            snprintf(report->message, sizeof report->message, "no picture in the file");
            goto done;
        case JXL_DEC_ERROR:
        default:
            snprintf(report->message, sizeof report->message,
                     atomic_load(&budget.used) + (1 << 20) > budget.cap ? "needs more memory than its picture should"
                                                                        : "libjxl cannot decode it");
            goto done;
        }
    }
done:
    if (decoder != NULL) jxl.destroy(decoder);
    if (runner != NULL) jxl.runner_destroy(runner);
    return result;
}

int gallery_jxl_size(const unsigned char *data, size_t size, int *width, int *height, gallery_jxl_report *report) {
    JxlBasicInfo info;
    memset(&info, 0, sizeof info);
    if (run(data, size, JXL_DEC_BASIC_INFO, NULL, 0, 0, 64 << 20, &info, report) != 0) return -1;
    if (info.xsize == 0 || info.ysize == 0 || info.xsize > INT32_MAX || info.ysize > INT32_MAX) {
        snprintf(report->message, sizeof report->message, "a picture of %ux%u", info.xsize, info.ysize);
        return -1;
    }
    int sideways = info.orientation >= JXL_ORIENT_TRANSPOSE;
    *width = (int)(sideways ? info.ysize : info.xsize);
    *height = (int)(sideways ? info.xsize : info.ysize);
    return 0;
}

int gallery_jxl_decode(const unsigned char *data, size_t size, unsigned char *rgba, int width, int height,
                       size_t max_memory, gallery_jxl_report *report) {
    JxlBasicInfo info;
    memset(&info, 0, sizeof info);
    return run(data, size, JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FULL_IMAGE, rgba, width, height,
               max_memory, &info, report);
}
