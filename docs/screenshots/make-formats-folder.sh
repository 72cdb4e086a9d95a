#!/bin/sh
# Makes the mixed folder of docs/screenshots/formats-*.png and gif-frame-*.png from the shared photos
# (needs ImageMagick, exiftool, cwebp and heif-enc): JPEGs stored turned with the Exif tag that turns
# them upright, a PNG and a 32-bit BMP with alpha, a WebP with Exif orientation 8 in its EXIF chunk,
# an animated GIF with transparent corners, a TIFF and a HEIC. The screenshots are
# `gallery-app --theme light FOLDER` in xterm -ti vt340 (110x22, DejaVu Sans Mono 10, white) and
# `gallery-app FOLDER` in kitty 0.26 (dark), under Xvfb, taken with `import -window root`.
set -eu
photos="${GALLERY_PHOTOS:-../../../shared/photos}"
folder="${1:-mixed}"
mkdir -p "$folder"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
convert "$photos/chelsea-1080.jpg" -rotate 270 -quality 90 "$folder/chelsea-phone.jpg"
exiftool -q -overwrite_original -Orientation#=6 "$folder/chelsea-phone.jpg"
convert "$photos/rocket-1080.jpg" -rotate 180 -quality 90 "$folder/rocket-upside-down.jpg"
exiftool -q -overwrite_original -Orientation#=3 "$folder/rocket-upside-down.jpg"
convert "$photos/astronaut-1080.jpg" -resize 800x \( +clone -fill black -colorize 100 -fill white \
  -draw "ellipse 400,266 380,250 0,360" -blur 0x12 \) -alpha off -compose CopyOpacity -composite "$folder/astronaut-alpha.png"
convert "$photos/coffee-1080.jpg" -rotate 90 -quality 90 "$scratch/coffee.jpg"
exiftool -q -overwrite_original -Orientation#=8 "$scratch/coffee.jpg"
cwebp -quiet -q 80 -metadata exif "$scratch/coffee.jpg" -o "$folder/coffee-sideways.webp"
convert "$photos/hubble_deep_field-1080.jpg" -resize 600x \( +clone -fill black -colorize 100 -fill white \
  -draw "circle 300,262 300,30" -blur 0x6 \) -alpha off -compose CopyOpacity -composite "bmp:$folder/hubble-alpha.bmp"
convert "$photos/motorcycle_left-1080.jpg" -resize 480x "$scratch/m.png"
convert -size 480x324 xc:black -fill white -draw "roundrectangle 0,0 479,323 60,60" "$scratch/mask.png"
for frame in "" "-negate" "-flop" "-modulate 100,100,40"; do
  # shellcheck disable=SC2086
  convert "$scratch/m.png" $frame "$scratch/mask.png" -alpha off -compose CopyOpacity -composite "$scratch/frame-$(ls "$scratch" | wc -l).png"
done
convert -dispose background -delay 60 "$scratch"/frame-*.png -loop 0 "$folder/motorcycle-animated.gif"
convert "$photos/color-1080.jpg" -compress lzw "$folder/color.tif"
heif-enc -q 80 "$photos/brick-1080.jpg" -o "$folder/brick.heic" > /dev/null
