#!/bin/sh
# Makes the library of docs/month-headings-sixel.png and docs/months-sixel.png from the shared
# photos (needs exiftool and ffmpeg): camera photos of 2021 to 2024 dated by their Exif
# DateTimeOriginal, two phone videos dated by their names (VID_20220822_…, VID_20230716_…) and a
# WhatsApp folder of PNGs without Exif, dated by their names. The screenshots are
# `gallery --sort taken -R LIBRARY` from the release build in xterm -ti vt340 (256 colour
# registers, DejaVu Sans Mono 11, 110x52 then `t 2023-07`; 110x26 then `t 2023-07` and `z`) under
# Xvfb with LANG=C.UTF-8, taken with `import -window root`, trimmed and cut to 256 colours.
set -eu
photos="${GALLERY_PHOTOS:-../../../shared/photos}"
library="${1:-timeline}"
# photo, path in the library, date taken ("" for none: the name's)
while read -r photo path taken; do
  mkdir -p "$library/$(dirname "$path")"
  cp "$photos/$photo" "$library/$path"
  if [ "$taken" != "-" ]; then exiftool -q -overwrite_original "-DateTimeOriginal=$taken" "$library/$path"; fi
done <<'FILES'
hubble_deep_field-1080.jpg 2021/IMG_0101.jpg 2021:06:12 22:10:00
motorcycle_left-1080.jpg 2021/IMG_0102.jpg 2021:06:13 10:00:00
chelsea-1080.jpg 2022/IMG_0201.jpg 2022:03:02 09:00:00
color-1080.jpg 2022/IMG_0202.jpg 2022:08:20 15:30:00
brick-1080.jpg 2022/IMG_0203.jpg 2022:08:21 11:00:00
rocket-1080.jpg 2023/05/IMG_0301.jpg 2023:05:04 19:45:00
astronaut-1080.jpg 2023/05/IMG_0302.jpg 2023:05:05 12:00:00
coffee-1080.jpg 2023/07/IMG_0401.jpg 2023:07:01 08:15:00
chelsea-1080.jpg 2023/07/IMG_0402.jpg 2023:07:09 17:00:00
motorcycle_left-1080.jpg 2023/07/IMG_0403.jpg 2023:07:14 10:15:00
coffee.png WhatsApp/IMG-20230802-WA0001.png -
rocket-1080.jpg 2024/IMG_0501.jpg 2024:01:10 12:00:00
hubble_deep_field-1080.jpg 2024/IMG_0502.jpg 2024:02:01 12:00:00
FILES
cp "$photos/astronaut.png" "$library/WhatsApp/WhatsApp Image 2023-07-20 at 09.00.00.png"
ffmpeg -loglevel error -y -loop 1 -i "$photos/rocket-1080.jpg" -t 2 -r 10 -vf scale=480:-2 -pix_fmt yuv420p \
  "$library/2023/07/VID_20230716_183000.mp4"
ffmpeg -loglevel error -y -loop 1 -i "$photos/color-1080.jpg" -t 2 -r 10 -vf scale=480:-2 -pix_fmt yuv420p \
  "$library/2022/VID_20220822_120000.mp4"
