#ifndef GALLERY_VIDEO_DECODE_H
#define GALLERY_VIDEO_DECODE_H
#include <stddef.h>
#include <stdint.h>

/// Why a video could not be loaded, opened or decoded, with the last error libav logged.
typedef struct {
    char message[240];
    /// 1 when the call stopped at its time budget: the machine's load, not the file, may be why.
    int timed_out;
} gallery_video_report;

/// How far one video may take this process: every call below stops at `budget_ms` after it
/// starts (libavformat's interrupt callback, and a check between packets), the container is
/// probed from at most `probe_bytes` and `analyze_us` of its streams, and no picture over
/// `max_pixels` is decoded.
typedef struct {
    int budget_ms;
    int64_t probe_bytes;
    int64_t analyze_us;
    int64_t max_pixels;
} gallery_video_limits;

/// What the container says, as raw fields: `VideoProbe` parses the text strictly.
typedef struct {
    /// Seconds, or a negative number when the container does not say.
    double duration;
    /// The video stream's coded size (before `rotation`).
    int width, height;
    /// Frames per second as a fraction; 0/0 when unknown.
    int rate_numerator, rate_denominator;
    /// Clockwise degrees that turn a decoded picture upright (0, 90, 180 or 270), from the
    /// stream's display matrix.
    int rotation;
    /// Whether the file holds a cover picture (an `attached_pic` stream).
    int has_cover;
    /// libavcodec's short name of the video codec ("h264", "vp9"), of the container's format
    /// otherwise; the container's `creation_time` tag; its ISO 6709 `location` tag. Raw text.
    char codec[32];
    char creation_time[64];
    char location[64];
} gallery_video_info;

/// A video container being read: from memory the caller keeps alive until `gallery_video_close`,
/// or from a file descriptor it owns.
typedef struct gallery_video gallery_video;

/// Whether FFmpeg's libraries can be used in this process: loaded (dlopen, once) at the first
/// call, so that programs that never meet a video do not load them at start-up. A statically
/// linked process cannot (libavcodec's decoders start threads, as libheif's do). 1, or 0 with
/// `report` filled.
int gallery_video_available(gallery_video_report *report);

/// Opens a container (MP4, MOV, 3GP, Matroska, WebM, AVI only) in memory, probes its streams
/// and opens the decoder of its video stream. NULL with `report` filled.
gallery_video *gallery_video_open_memory(const unsigned char *data, size_t size, gallery_video_limits limits,
                                         gallery_video_report *report);

/// The same for the regular file open on `fd` (of `size` bytes), read with pread (never mapped
/// whole, so a large clip costs only what is read). The video owns `fd` from here, and closes it
/// with itself, or at once when it cannot be opened. The caller opens the file: its path is bytes
/// that need not be text, and what it names is told by its type before it is opened.
gallery_video *gallery_video_open_descriptor(int fd, int64_t size, gallery_video_limits limits,
                                             gallery_video_report *report);

void gallery_video_info_of(gallery_video *video, gallery_video_info *info);

/// Decodes the poster: the cover picture when there is one, else the keyframe at or before
/// `seconds` (only keyframes decoded: the frames before it are skipped). 0, or -1 with `report`.
/// The picture is then the current frame (`gallery_video_scale`), at `*time` seconds.
int gallery_video_decode_poster(gallery_video *video, double seconds, double *time, gallery_video_report *report);

/// Decodes the next frame in order (every frame, for playback). 1 with the frame current and its
/// presentation time in `*time` seconds from the start, 0 at the end, -1 with `report`.
int gallery_video_decode_next(gallery_video *video, double *time, gallery_video_report *report);

/// Goes back to the start for playback. 0, or -1 with `report`.
int gallery_video_rewind(gallery_video *video, gallery_video_report *report);

/// The current frame's size fitted inside `max_width` x `max_height` (aspect kept, never larger
/// than decoded, at least 1x1). 0, or -1 when there is no frame.
int gallery_video_scaled_size(gallery_video *video, int max_width, int max_height, int *width, int *height);

/// The current frame scaled (libswscale) to `width` x `height` as packed RGB rows into `rgb`,
/// which holds `width * height * 3` bytes. 0, or -1 with `report`.
int gallery_video_scale(gallery_video *video, unsigned char *rgb, int width, int height, gallery_video_report *report);

void gallery_video_close(gallery_video *video);

#endif
