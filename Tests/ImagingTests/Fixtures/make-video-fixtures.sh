#!/bin/sh
# Makes the video fixtures, a few KB each, from FFmpeg's test sources and a real photo
# (../shared/photos/coffee.png, for the cover). Run from this folder; needs the ffmpeg command
# (Debian's, FFmpeg 5.1) and ImageMagick.
set -eu
photos="${GALLERY_PHOTOS:-../../../../shared/photos}"
quiet="-hide_banner -loglevel error -y"
# 5 s at 10 fps, a keyframe every 5 frames (0, 0.5 s, 1 s...), each frame a flat grey of luma
# 20 * its number, so a decoded picture tells which frame it is; the date and place a phone writes.
ffmpeg $quiet -f lavfi -i "nullsrc=s=64x36:r=10:d=5,geq=lum='mod(N*20,240)+16':cb=128:cr=128,format=yuv420p" \
  -c:v libx264 -preset veryslow -crf 18 -g 5 -keyint_min 5 -sc_threshold 0 -bf 0 \
  -metadata creation_time=2024-05-01T12:34:56.000000Z -metadata location=+48.8577+002.2950+035.000/ \
  -movflags +faststart clip.mp4
# The same at the end of the file (moov after mdat, as a camera writes while recording).
ffmpeg $quiet -i clip.mp4 -c copy -map_metadata 0 clip-moov-last.mp4
# Stored landscape, red left and blue right, its display matrix turning it 90° clockwise as a
# phone held upright writes it (ffprobe: "rotation of -90.00 degrees"): upright it is portrait,
# red above blue. FFmpeg 5.1 writes the matrix from the rotate tag when copying, not encoding.
ffmpeg $quiet -f lavfi -i "color=red:s=32x36:r=10:d=1[l];color=blue:s=32x36:r=10:d=1[r];[l][r]hstack,format=yuv420p" \
  -c:v libx264 -crf 18 stored.mov
ffmpeg $quiet -i stored.mov -c copy -metadata:s:v:0 rotate=270 rotated.mov
rm stored.mov
# A cover picture (green), which is then the poster.
convert -size 48x48 xc:'#00C000' cover.png
ffmpeg $quiet -i clip.mp4 -i cover.png -map 0 -map 1 -c copy -c:v:1 png -disposition:v:1 attached_pic cover.mp4
rm cover.png
# The other containers: WebM (VP9), Matroska (H.264), AVI (MPEG-4 part 2), 3GP.
ffmpeg $quiet -f lavfi -i "testsrc=s=64x36:r=10:d=1" -c:v libvpx-vp9 -b:v 50k clip.webm
ffmpeg $quiet -f lavfi -i "testsrc=s=64x36:r=10:d=1" -c:v libx264 -crf 30 clip.mkv
ffmpeg $quiet -f lavfi -i "testsrc=s=64x36:r=10:d=1" -c:v mpeg4 -q:v 10 clip.avi
ffmpeg $quiet -f lavfi -i "testsrc=s=64x36:r=10:d=1" -c:v libx264 -crf 30 -f 3gp clip.3gp
