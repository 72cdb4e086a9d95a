// libjpeg's own API rather than TurboJPEG's: TurboJPEG reports a fatal error that follows a
// warning as a warning, with the rows after it never written, and keeps only its first message.
#include "jpeg_decode.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr library;
    jmp_buf failure;
    gallery_jpeg_report *report;
} error_handler;

static void on_error(j_common_ptr cinfo) {
    error_handler *handler = (error_handler *)cinfo->err;
    handler->report->failed = 1;
    cinfo->err->format_message(cinfo, handler->report->message);
    longjmp(handler->failure, 1);
}

static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace output
    error_handler *handler = (error_handler *)cinfo->err;
    gallery_jpeg_report *report = handler->report;
    if (report->warnings == 0) cinfo->err->format_message(cinfo, report->message);
    report->warnings += 1;
    cinfo->err->num_warnings += 1;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER) report->ran_out_of_data = 1;
}

// CMYK as printers mean it (each value the ink's amount) has no one RGB without a colour profile;
// this is the naive conversion every viewer without one makes: each colour is what its ink and the
// black ink leave of white. Adobe's files (Photoshop's, and every YCCK file) store the values
// inverted, 255 for no ink; without an Adobe marker they are taken as plain amounts.
static void cmyk_to_rgb(const JSAMPLE *inks, unsigned char *rgb, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++, inks += 4, rgb += 3) {
        unsigned c = inks[0], m = inks[1], y = inks[2], k = inks[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[0] = (unsigned char)((c * k + 127) / 255);
        rgb[1] = (unsigned char)((m * k + 127) / 255);
        rgb[2] = (unsigned char)((y * k + 127) / 255);
    }
}

// Whether a scan has begun to bring the DC of every component (libjpeg's coef_bits: -1 for a
// coefficient no scan has reached yet).
static int every_dc_started(j_decompress_ptr cinfo) {
    for (int c = 0; c < cinfo->num_components; c++) {
        if (cinfo->coef_bits[c][0] < 0) return 0;
    }
    return 1;
}

// Reads the header, then, given `rgb`, decodes into it at `scale_num`/8, which must give
// `*width` x `*height`; without `rgb`, gives the header's size in `*width` and `*height`. Given
// `region` (inside the scaled picture), only its pixels are decoded and written to `rgb`: the rows
// above it skipped, the columns beside it cropped to whole iMCUs by libjpeg.
static int run(const unsigned char *data, size_t size, int scale_num, const gallery_jpeg_region *region,
               unsigned char *rgb, int *width, int *height, gallery_jpeg_report *report) {
    struct jpeg_decompress_struct cinfo;
    error_handler handler;
    memset(report, 0, sizeof *report);
    cinfo.err = jpeg_std_error(&handler.library);
    handler.library.error_exit = on_error;
    handler.library.emit_message = on_message;
    handler.report = report;
    if (setjmp(handler.failure)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    if (rgb == NULL) {
        *width = (int)cinfo.image_width;
        *height = (int)cinfo.image_height;
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    cinfo.scale_num = (unsigned int)scale_num;
    cinfo.scale_denom = 8;
    // libjpeg converts YCCK to CMYK but neither to RGB: that is done here, row by row.
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    cinfo.dct_method = JDCT_IFAST;
    // At 1/8 every block is one pixel, its mean: the DC coefficient. A progressive file sends the
    // DC of every block first, in a scan or a few, then the AC in scans that make up most of the
    // file: those are not read. The DC's last bits may come in a refinement scan after much of
    // the AC (jpegtran's and cjpeg's scripts do so); a thumbnail goes without them (an error of
    // at most one DC quantisation step, an eighth of it per pixel).
    int dc_only = scale_num == 1 && cinfo.progressive_mode && region == NULL;
    if (dc_only) {
        cinfo.buffered_image = TRUE;
        // No interblock smoothing: it estimates missing AC, which a 1x1 IDCT never reads.
        cinfo.do_block_smoothing = FALSE;
    }
    jpeg_start_decompress(&cinfo);
    if (dc_only) {
        // Scan headers up to the first that brings the last component's DC (usually the first).
        while (!every_dc_started(&cinfo)) {
            int status = jpeg_consume_input(&cinfo);
            if (status == JPEG_REACHED_EOI || status == JPEG_SUSPENDED) break;
        }
        jpeg_start_output(&cinfo, cinfo.input_scan_number);
    }
    if ((int)cinfo.output_width != *width || (int)cinfo.output_height != *height ||
        cinfo.output_components != (cmyk ? 4 : 3)) {
        snprintf(report->message, sizeof report->message,
                 "libjpeg decodes %ux%u at this scale, not %dx%d", cinfo.output_width,
                 cinfo.output_height, *width, *height);
        report->failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    if (region != NULL) {
        if (region->x < 0 || region->y < 0 || region->width < 1 || region->height < 1 ||
            region->x > *width - region->width || region->y > *height - region->height) {
            snprintf(report->message, sizeof report->message, "region %dx%d at %d,%d outside %dx%d",
                     region->width, region->height, region->x, region->y, *width, *height);
            report->failed = 1;
            jpeg_destroy_decompress(&cinfo);
            return -1;
        }
        // libjpeg moves the crop's left edge to an iMCU column's: `xoffset` comes back at or left
        // of x. Its right edge is taken an iMCU further, within the picture: at the crop's last
        // column smooth upsampling repeats the chroma instead of reading its neighbour, and the
        // region's own columns then differ from a whole decode's.
        JDIMENSION imcu = (JDIMENSION)(cinfo.max_h_samp_factor * cinfo.min_DCT_scaled_size);
        JDIMENSION xoffset = (JDIMENSION)region->x;
        JDIMENSION end = (JDIMENSION)(region->x + region->width) + imcu;
        if (end > cinfo.output_width) end = cinfo.output_width;
        JDIMENSION cropped = end - xoffset;
        jpeg_crop_scanline(&cinfo, &xoffset, &cropped);
        size_t skip = (size_t)region->x - xoffset;
        if (region->y > 0) jpeg_skip_scanlines(&cinfo, (JDIMENSION)region->y);
        JSAMPARRAY line = (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE,
                                                      cinfo.output_width * (cmyk ? 4 : 3), 1);
        size_t stride = (size_t)region->width * 3;
        for (int y = 0; y < region->height; y++) {
            jpeg_read_scanlines(&cinfo, line, 1);
            unsigned char *row = rgb + (size_t)y * stride;
            if (cmyk) {
                cmyk_to_rgb(line[0] + skip * 4, row, (JDIMENSION)region->width, cinfo.saw_Adobe_marker);
            } else {
                memcpy(row, line[0] + skip * 3, stride);
            }
        }
        // The rows below are never decoded: no jpeg_finish_decompress, which would read them.
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    size_t stride = (size_t)*width * 3;
    // In libjpeg's pool, which jpeg_destroy_decompress frees, also after a longjmp.
    JSAMPARRAY inks = cmyk ? (*cinfo.mem->alloc_sarray)((j_common_ptr)&cinfo, JPOOL_IMAGE,
                                                          cinfo.output_width * 4, 1) : NULL;
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgb + (size_t)cinfo.output_scanline * stride;
        if (inks == NULL) {
            jpeg_read_scanlines(&cinfo, &row, 1);
        } else {
            jpeg_read_scanlines(&cinfo, inks, 1);
            cmyk_to_rgb(inks[0], row, cinfo.output_width, cinfo.saw_Adobe_marker);
        }
    }
    // Reads on to EOI, where libjpeg refuses what follows a baseline file's only scan. The DC
    // alone is the whole picture at 1/8: the scans after it are left unread.
    if (!dc_only) jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int gallery_jpeg_read_size(const unsigned char *data, size_t size, int *width, int *height,
                           gallery_jpeg_report *report) {
    return run(data, size, 8, NULL, NULL, width, height, report);
}

int gallery_jpeg_decode(const unsigned char *data, size_t size, int scale_num,
                        unsigned char *rgb, int width, int height, gallery_jpeg_report *report) {
    return run(data, size, scale_num, NULL, rgb, &width, &height, report);
}

int gallery_jpeg_decode_region(const unsigned char *data, size_t size, int scale_num, int width, int height,
                               gallery_jpeg_region region, unsigned char *rgb, gallery_jpeg_report *report) {
    return run(data, size, scale_num, &region, rgb, &width, &height, report);
}
