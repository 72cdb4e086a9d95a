// FFmpeg's libavformat, libavcodec and libswscale loaded when the first video is met (dlopen)
// rather than linked: they pull in some 130 libraries (x264, x265, dav1d, libvpx, ...) that every
// start of the program, and every `gallery view` of a JPEG, would otherwise load.
#include "video_decode.h"
#include "library_loader.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/display.h>
#include <libswscale/swscale.h>

// The FFmpeg functions used, looked up once; their types are the headers' own.
#define FUNCTIONS(X)                                                                              \
    X(avutil, av_log_set_callback) X(avutil, av_max_alloc) X(avutil, av_malloc) X(avutil, av_free) \
    X(avutil, av_dict_set) X(avutil, av_dict_get) X(avutil, av_dict_free) X(avutil, av_strerror)  \
    X(avutil, av_frame_alloc) X(avutil, av_frame_free) X(avutil, av_frame_unref)                 \
    X(avutil, av_display_rotation_get)                                                            \
    X(avcodec, av_packet_alloc) X(avcodec, av_packet_free) X(avcodec, av_packet_unref)           \
    X(avcodec, avcodec_find_decoder) X(avcodec, avcodec_alloc_context3)                          \
    X(avcodec, avcodec_parameters_to_context) X(avcodec, avcodec_open2)                          \
    X(avcodec, avcodec_free_context) X(avcodec, avcodec_send_packet)                             \
    X(avcodec, avcodec_receive_frame) X(avcodec, avcodec_flush_buffers) X(avcodec, avcodec_get_name) \
    X(avformat, avformat_alloc_context) X(avformat, avformat_open_input)                         \
    X(avformat, avformat_find_stream_info) X(avformat, avformat_close_input)                     \
    X(avformat, av_read_frame) X(avformat, av_seek_frame) X(avformat, av_stream_get_side_data)   \
    X(avformat, avio_alloc_context) X(avformat, avio_context_free)                               \
    X(swscale, sws_getCachedContext) X(swscale, sws_scale) X(swscale, sws_freeContext)

#define DECLARE(library, name) __typeof__(name) *name;
static struct { FUNCTIONS(DECLARE) } av;

static char load_failure[200];

// libav's messages never reach stderr (the app draws there): the last error of a call is kept,
// per thread, for the report of the call that failed.
static _Thread_local char last_log[160];

static void on_log(void *context, int level, const char *format, va_list arguments) {
    (void)context;
    if (level > AV_LOG_ERROR) return;
    vsnprintf(last_log, sizeof last_log, format, arguments);
    size_t length = strlen(last_log);
    while (length > 0 && (last_log[length - 1] == '\n' || last_log[length - 1] == '\r')) last_log[--length] = 0;
}

static void load(void) {
    const char *names[] = {"libavutil.so.57", "libavcodec.so.59", "libavformat.so.59", "libswscale.so.6"};
    void *libraries[4];
    if (!gallery_open_libraries(names, 4, libraries, "videos", "FFmpeg's libraries are not installed", load_failure,
                                sizeof load_failure)) {
        return;
    }
    void *avutil = libraries[0], *avcodec = libraries[1], *avformat = libraries[2], *swscale = libraries[3];
#define SYMBOL(library, name) {library, (void **)&av.name, #name},
    gallery_symbol symbols[] = {FUNCTIONS(SYMBOL)};
    if (!gallery_look_up_symbols(symbols, sizeof symbols / sizeof symbols[0], "FFmpeg", load_failure,
                                 sizeof load_failure)) {
        return;
    }
    av.av_log_set_callback(on_log);
    // No one allocation larger than a 8K frame's planes and then some: a hostile header asking
    // for gigabytes fails instead.
    av.av_max_alloc(256 << 20);
}

int gallery_video_available(gallery_video_report *report) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load);
    memset(report, 0, sizeof *report);
    return gallery_loaded(load_failure, report->message, sizeof report->message);
}

struct gallery_video {
    // Where the bytes come from: memory, or a file descriptor read with pread.
    const unsigned char *data;
    int fd;
    int64_t size, position;
    gallery_video_limits limits;
    struct timespec deadline;

    AVIOContext *io;
    AVFormatContext *format;
    int video_index, cover_index;
    AVCodecContext *decoder;  // the video stream's
    AVPacket *packet;
    AVFrame *frame;
    int has_frame, input_ended;
    struct SwsContext *scaler;
};

static void start_budget(gallery_video *video) {
    clock_gettime(CLOCK_MONOTONIC, &video->deadline);
    video->deadline.tv_sec += video->limits.budget_ms / 1000;
    video->deadline.tv_nsec += (long)(video->limits.budget_ms % 1000) * 1000000L;
    if (video->deadline.tv_nsec >= 1000000000L) {
        video->deadline.tv_sec += 1;
        video->deadline.tv_nsec -= 1000000000L;
    }
    last_log[0] = 0;
}

static int past_deadline(const gallery_video *video) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > video->deadline.tv_sec ||
           (now.tv_sec == video->deadline.tv_sec && now.tv_nsec > video->deadline.tv_nsec);
}

// libavformat's interrupt callback: a blocking read or a long probe gives up at the deadline.
static int interrupted(void *opaque) { return past_deadline(opaque); }

static int on_read(void *opaque, uint8_t *buffer, int count) {
    gallery_video *video = opaque;
    // Custom I/O is not covered by the interrupt callback: the deadline is checked here too.
    if (past_deadline(video)) return AVERROR_EXIT;
    int64_t left = video->size - video->position;
    if (left <= 0) return AVERROR_EOF;
    if (count > left) count = (int)left;
    ssize_t got;
    if (video->data != NULL) {
        memcpy(buffer, video->data + video->position, (size_t)count);
        got = count;
    } else {
        do got = pread(video->fd, buffer, (size_t)count, video->position); while (got < 0 && errno == EINTR);
        if (got < 0) return AVERROR(errno);
        if (got == 0) return AVERROR_EOF;
    }
    video->position += got;
    return (int)got;
}

static int64_t on_seek(void *opaque, int64_t offset, int whence) {
    gallery_video *video = opaque;
    if (whence & AVSEEK_SIZE) return video->size;
    int64_t base;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: base = 0; break;
    case SEEK_CUR: base = video->position; break;
    case SEEK_END: base = video->size; break;
    default: return AVERROR(EINVAL);
    }
    if (offset > INT64_MAX - base || base + offset < 0) return AVERROR(EINVAL);
    video->position = base + offset;
    return video->position;
}

// A demuxer asking to open another file (a QuickTime reference, a playlist entry) is refused:
// a video is the file given, and nothing it names.
static int refuse_open(struct AVFormatContext *context, AVIOContext **pb, const char *url, int flags,
                       AVDictionary **options) {
    (void)context, (void)pb, (void)url, (void)flags, (void)options;
    return AVERROR(EPERM);
}

static void report_error(gallery_video_report *report, const char *what, int code) {
    char reason[96] = "";
    if (code == AVERROR_EXIT) {
        snprintf(reason, sizeof reason, "took longer than %s", "its time budget");
        report->timed_out = 1;
    } else if (code != 0) {
        av.av_strerror(code, reason, sizeof reason);
    }
    const char *separator = reason[0] != 0 && last_log[0] != 0 ? ": " : "";
    snprintf(report->message, sizeof report->message, "%s%s%s%s%s", what, reason[0] || last_log[0] ? " (" : "",
             reason, separator, last_log);
    size_t length = strlen(report->message);
    if ((reason[0] || last_log[0]) && length + 1 < sizeof report->message) {
        report->message[length] = ')';
        report->message[length + 1] = 0;
    }
}

static int open_decoder(gallery_video *video, const AVCodecParameters *parameters, AVCodecContext **decoder,
                        gallery_video_report *report) {
    const AVCodec *codec = av.avcodec_find_decoder(parameters->codec_id);
    if (codec == NULL) {
        snprintf(report->message, sizeof report->message, "no decoder for %s", av.avcodec_get_name(parameters->codec_id));
        return -1;
    }
    *decoder = av.avcodec_alloc_context3(codec);
    if (*decoder == NULL) {
        snprintf(report->message, sizeof report->message, "out of memory");
        return -1;
    }
    int status = av.avcodec_parameters_to_context(*decoder, parameters);
    if (status >= 0) {
        (*decoder)->max_pixels = video->limits.max_pixels;
        // One thread: a poster is one frame (frame threads only delay it), and playback keeps
        // up at the sizes a terminal shows; a machine's other cores stay for the encoders.
        (*decoder)->thread_count = 1;
        status = av.avcodec_open2(*decoder, codec, NULL);
    }
    if (status < 0) {
        report_error(report, "cannot open the decoder", status);
        av.avcodec_free_context(decoder);
        return -1;
    }
    return 0;
}

// Whether every video stream's header gives its codec, its size and (but for a cover) its
// frame rate, and the container its duration: what the probe and the decoders need.
static int header_says_enough(const AVFormatContext *format) {
    if (format->duration <= 0) return 0;
    for (unsigned i = 0; i < format->nb_streams; i++) {
        const AVStream *stream = format->streams[i];
        const AVCodecParameters *parameters = stream->codecpar;
        if (parameters->codec_type != AVMEDIA_TYPE_VIDEO) continue;
        if (parameters->codec_id == AV_CODEC_ID_NONE || parameters->width <= 0 || parameters->height <= 0) return 0;
        if (!(stream->disposition & AV_DISPOSITION_ATTACHED_PIC) && stream->avg_frame_rate.num <= 0) return 0;
    }
    return 1;
}

static gallery_video *open_source(gallery_video *video, gallery_video_report *report) {
    enum { buffer_size = 1 << 16 };
    unsigned char *buffer = av.av_malloc(buffer_size);
    video->io = buffer == NULL ? NULL : av.avio_alloc_context(buffer, buffer_size, 0, video, on_read, NULL, on_seek);
    video->format = av.avformat_alloc_context();
    video->packet = av.av_packet_alloc();
    video->frame = av.av_frame_alloc();
    if (video->io == NULL || video->format == NULL || video->packet == NULL || video->frame == NULL) {
        if (video->io == NULL) av.av_free(buffer);
        snprintf(report->message, sizeof report->message, "out of memory");
        gallery_video_close(video);
        return NULL;
    }
    start_budget(video);
    AVFormatContext *format = video->format;
    format->pb = video->io;
    format->flags |= AVFMT_FLAG_CUSTOM_IO;
    format->interrupt_callback.callback = interrupted;
    format->interrupt_callback.opaque = video;
    format->probesize = video->limits.probe_bytes;
    format->format_probesize = (int)(video->limits.probe_bytes < (1 << 20) ? video->limits.probe_bytes : (1 << 20));
    format->max_analyze_duration = video->limits.analyze_us;
    format->max_streams = 64;
    format->io_open = refuse_open;
    AVDictionary *options = NULL;
    av.av_dict_set(&options, "format_whitelist", "mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi", 0);
    int status = av.avformat_open_input(&video->format, NULL, NULL, &options);
    av.av_dict_free(&options);
    if (status < 0) {
        // avformat_open_input has freed the context.
        video->format = NULL;
        report_error(report, "not a video container FFmpeg reads", status);
        gallery_video_close(video);
        return NULL;
    }
    // avformat_find_stream_info decodes the first frames of every stream (12 ms of a 1080p
    // poster's 25): only done when the header leaves a video stream's size, codec or rate unsaid.
    status = header_says_enough(video->format) ? 0 : av.avformat_find_stream_info(video->format, NULL);
    if (status < 0) {
        report_error(report, "cannot read the streams", status);
        gallery_video_close(video);
        return NULL;
    }
    video->video_index = video->cover_index = -1;
    int64_t largest = 0;
    for (unsigned i = 0; i < video->format->nb_streams; i++) {
        const AVStream *stream = video->format->streams[i];
        const AVCodecParameters *parameters = stream->codecpar;
        if (parameters->codec_type != AVMEDIA_TYPE_VIDEO) continue;
        if (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) {
            if (video->cover_index < 0 && stream->attached_pic.size > 0) video->cover_index = (int)i;
        } else if ((int64_t)parameters->width * parameters->height > largest) {
            largest = (int64_t)parameters->width * parameters->height;
            video->video_index = (int)i;
        }
    }
    if (video->video_index < 0 && video->cover_index < 0) {
        snprintf(report->message, sizeof report->message, "no video stream");
        gallery_video_close(video);
        return NULL;
    }
    for (int index = 0; index < 2; index++) {
        int stream = index == 0 ? video->video_index : video->cover_index;
        if (stream < 0) continue;
        const AVCodecParameters *parameters = video->format->streams[stream]->codecpar;
        if (parameters->width > 32768 || parameters->height > 32768 ||
            (int64_t)parameters->width * parameters->height > video->limits.max_pixels) {
            snprintf(report->message, sizeof report->message, "a picture of %dx%d is too large", parameters->width,
                     parameters->height);
            gallery_video_close(video);
            return NULL;
        }
    }
    if (video->video_index >= 0 &&
        open_decoder(video, video->format->streams[video->video_index]->codecpar, &video->decoder, report) < 0) {
        gallery_video_close(video);
        return NULL;
    }
    return video;
}

static gallery_video *new_video(gallery_video_limits limits) {
    gallery_video *video = calloc(1, sizeof *video);
    if (video == NULL) return NULL;
    video->fd = -1;
    video->limits = limits;
    return video;
}

gallery_video *gallery_video_open_memory(const unsigned char *data, size_t size, gallery_video_limits limits,
                                         gallery_video_report *report) {
    if (!gallery_video_available(report)) return NULL;
    gallery_video *video = new_video(limits);
    if (video == NULL) {
        snprintf(report->message, sizeof report->message, "out of memory");
        return NULL;
    }
    video->data = data;
    video->size = (int64_t)size;
    return open_source(video, report);
}

gallery_video *gallery_video_open_descriptor(int fd, int64_t size, gallery_video_limits limits,
                                             gallery_video_report *report) {
    if (!gallery_video_available(report)) {
        close(fd);
        return NULL;
    }
    gallery_video *video = new_video(limits);
    if (video == NULL) {
        close(fd);
        snprintf(report->message, sizeof report->message, "out of memory");
        return NULL;
    }
    video->fd = fd;
    video->size = size;
    return open_source(video, report);
}

static void copy_tag(char *target, size_t capacity, AVDictionary *metadata, const char *key) {
    const AVDictionaryEntry *entry = av.av_dict_get(metadata, key, NULL, 0);
    snprintf(target, capacity, "%s", entry != NULL ? entry->value : "");
}

void gallery_video_info_of(gallery_video *video, gallery_video_info *info) {
    memset(info, 0, sizeof *info);
    const AVFormatContext *format = video->format;
    info->duration = format->duration > 0 ? (double)format->duration / AV_TIME_BASE : -1;
    info->has_cover = video->cover_index >= 0;
    copy_tag(info->creation_time, sizeof info->creation_time, format->metadata, "creation_time");
    // ISO 6709 as MP4 and QuickTime files keep it ("+48.8577+002.2950+035.000/"): QuickTime's
    // key first, then the 3GPP one libavformat gives MP4's ©xyz.
    copy_tag(info->location, sizeof info->location, format->metadata, "com.apple.quicktime.location.ISO6709");
    if (info->location[0] == 0) copy_tag(info->location, sizeof info->location, format->metadata, "location");
    const AVStream *stream = format->streams[video->video_index >= 0 ? video->video_index : video->cover_index];
    if (info->creation_time[0] == 0) copy_tag(info->creation_time, sizeof info->creation_time, stream->metadata, "creation_time");
    info->width = stream->codecpar->width;
    info->height = stream->codecpar->height;
    snprintf(info->codec, sizeof info->codec, "%s", av.avcodec_get_name(stream->codecpar->codec_id));
    if (video->video_index < 0) return;
    AVRational rate = stream->avg_frame_rate.num > 0 && stream->avg_frame_rate.den > 0 ? stream->avg_frame_rate
                                                                                       : stream->r_frame_rate;
    if (rate.num > 0 && rate.den > 0) {
        info->rate_numerator = rate.num;
        info->rate_denominator = rate.den;
    }
    size_t size = 0;
    const uint8_t *matrix = av.av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (matrix != NULL && size >= 9 * sizeof(int32_t)) {
        // The matrix's angle is counter-clockwise; the picture is turned clockwise by it, to the
        // nearest quarter turn (phones write 0, 90, 180 or 270).
        double counterclockwise = av.av_display_rotation_get((const int32_t *)matrix);
        if (counterclockwise == counterclockwise) {  // not NaN
            int quarter = (int)((-counterclockwise + 360 * 2 + 45) / 90) % 4;
            info->rotation = quarter * 90;
        }
    }
}

// The next frame of `decoder` from the packets of `stream`: 1, 0 at the end, or a negative error.
static int decode_frame(gallery_video *video, AVCodecContext *decoder, int stream) {
    av.av_frame_unref(video->frame);
    video->has_frame = 0;
    while (1) {
        int status = av.avcodec_receive_frame(decoder, video->frame);
        if (status >= 0) {
            video->has_frame = 1;
            return 1;
        }
        if (status == AVERROR_EOF) return 0;
        if (status != AVERROR(EAGAIN)) return status;
        if (past_deadline(video)) return AVERROR_EXIT;
        if (video->input_ended) return 0;
        status = av.av_read_frame(video->format, video->packet);
        if (status < 0) {
            if (status == AVERROR_EXIT) return status;
            // The end, or damage past which nothing reads: what the decoder holds is drained.
            video->input_ended = 1;
            av.avcodec_send_packet(decoder, NULL);
            continue;
        }
        if (video->packet->stream_index == stream) {
            status = av.avcodec_send_packet(decoder, video->packet);
            // A damaged packet is skipped, as players do; the deadline bounds how many.
            if (status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_INVALIDDATA) {
                av.av_packet_unref(video->packet);
                return status;
            }
        }
        av.av_packet_unref(video->packet);
    }
}

static double frame_time(const gallery_video *video, int stream_index) {
    const AVStream *stream = video->format->streams[stream_index];
    int64_t timestamp = video->frame->best_effort_timestamp;
    if (timestamp == AV_NOPTS_VALUE) return 0;
    if (stream->start_time != AV_NOPTS_VALUE) timestamp -= stream->start_time;
    return timestamp * av_q2d(stream->time_base);
}

static int poster_from_cover(gallery_video *video, double *time, gallery_video_report *report) {
    AVCodecContext *decoder = NULL;
    const AVStream *stream = video->format->streams[video->cover_index];
    if (open_decoder(video, stream->codecpar, &decoder, report) < 0) return -1;
    av.av_frame_unref(video->frame);
    video->has_frame = 0;
    int status = av.avcodec_send_packet(decoder, &stream->attached_pic);
    if (status >= 0) status = av.avcodec_send_packet(decoder, NULL);
    if (status >= 0) status = av.avcodec_receive_frame(decoder, video->frame);
    av.avcodec_free_context(&decoder);
    if (status < 0) {
        report_error(report, "cannot decode the cover picture", status);
        return -1;
    }
    video->has_frame = 1;
    *time = 0;
    return 0;
}

int gallery_video_decode_poster(gallery_video *video, double seconds, double *time, gallery_video_report *report) {
    memset(report, 0, sizeof *report);
    start_budget(video);
    if (video->cover_index >= 0) return poster_from_cover(video, time, report);
    const AVStream *stream = video->format->streams[video->video_index];
    int64_t start = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    int64_t target = start + (int64_t)(seconds / av_q2d(stream->time_base));
    int status = 0;
    // The keyframe at or before the target; where the container cannot seek there, or that
    // keyframe does not decode (a file cut short before it), the first.
    for (int attempt = 0; attempt < 2 && status <= 0 && !past_deadline(video); attempt++) {
        if (av.av_seek_frame(video->format, video->video_index, attempt == 0 ? target : start, AVSEEK_FLAG_BACKWARD) < 0) {
            if (attempt == 0) continue;
        }
        av.avcodec_flush_buffers(video->decoder);
        video->input_ended = 0;
        // Keyframes only: the frames between the seek point and the target are never decoded.
        video->decoder->skip_frame = AVDISCARD_NONKEY;
        status = decode_frame(video, video->decoder, video->video_index);
        video->decoder->skip_frame = AVDISCARD_DEFAULT;
    }
    if (status <= 0) {
        report_error(report, "no picture decodes", status);
        return -1;
    }
    *time = frame_time(video, video->video_index);
    return 0;
}

int gallery_video_decode_next(gallery_video *video, double *time, gallery_video_report *report) {
    memset(report, 0, sizeof *report);
    start_budget(video);
    if (video->decoder == NULL) return 0;
    int status = decode_frame(video, video->decoder, video->video_index);
    if (status < 0) {
        report_error(report, "cannot decode a frame", status);
        return -1;
    }
    if (status > 0) *time = frame_time(video, video->video_index);
    return status;
}

int gallery_video_rewind(gallery_video *video, gallery_video_report *report) {
    memset(report, 0, sizeof *report);
    start_budget(video);
    if (video->decoder == NULL) return 0;
    const AVStream *stream = video->format->streams[video->video_index];
    int status = av.av_seek_frame(video->format, video->video_index,
                                  stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0, AVSEEK_FLAG_BACKWARD);
    if (status < 0) {
        report_error(report, "cannot go back to the start", status);
        return -1;
    }
    av.avcodec_flush_buffers(video->decoder);
    video->input_ended = 0;
    return 0;
}

int gallery_video_scaled_size(gallery_video *video, int max_width, int max_height, int *width, int *height) {
    if (!video->has_frame || video->frame->width <= 0 || video->frame->height <= 0) return -1;
    double shown_width = video->frame->width, shown_height = video->frame->height;
    AVRational aspect = video->frame->sample_aspect_ratio;
    // Anamorphic pixels (DV, some phones' MKVs) are shown at their display shape.
    if (aspect.num > 0 && aspect.den > 0 && aspect.num != aspect.den) shown_width *= av_q2d(aspect);
    double scale = 1;
    if (shown_width * scale > max_width) scale = max_width / shown_width;
    if (shown_height * scale > max_height) scale = max_height / shown_height;
    *width = (int)(shown_width * scale + 0.5);
    *height = (int)(shown_height * scale + 0.5);
    if (*width < 1) *width = 1;
    if (*height < 1) *height = 1;
    if (*width > max_width) *width = max_width;
    if (*height > max_height) *height = max_height;
    return 0;
}

int gallery_video_scale(gallery_video *video, unsigned char *rgb, int width, int height, gallery_video_report *report) {
    memset(report, 0, sizeof *report);
    if (!video->has_frame || width <= 0 || height <= 0) {
        snprintf(report->message, sizeof report->message, "no frame to scale");
        return -1;
    }
    AVFrame *frame = video->frame;
    video->scaler = av.sws_getCachedContext(video->scaler, frame->width, frame->height, frame->format, width, height,
                                            AV_PIX_FMT_RGB24, SWS_AREA, NULL, NULL, NULL);
    if (video->scaler == NULL) {
        snprintf(report->message, sizeof report->message, "cannot scale %s frames", "these");
        return -1;
    }
    uint8_t *planes[4] = {rgb, NULL, NULL, NULL};
    int strides[4] = {width * 3, 0, 0, 0};
    int rows = av.sws_scale(video->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                            planes, strides);
    if (rows != height) {
        snprintf(report->message, sizeof report->message, "libswscale gave %d rows of %d", rows, height);
        return -1;
    }
    return 0;
}

void gallery_video_close(gallery_video *video) {
    if (video == NULL) return;
    if (video->scaler != NULL) av.sws_freeContext(video->scaler);
    if (video->decoder != NULL) av.avcodec_free_context(&video->decoder);
    if (video->frame != NULL) av.av_frame_free(&video->frame);
    if (video->packet != NULL) av.av_packet_free(&video->packet);
    if (video->format != NULL) av.avformat_close_input(&video->format);
    if (video->io != NULL) {
        av.av_free(video->io->buffer);
        av.avio_context_free(&video->io);
    }
    if (video->fd >= 0) close(video->fd);
    free(video);
}
