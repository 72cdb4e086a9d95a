#!/bin/sh
# Makes the CMYK fixtures from upright.png (run from this folder; needs ImageMagick, a C compiler
# and libjpeg's headers), each with inverted inks and an Adobe marker, as Photoshop writes them:
# cmyk-imagemagick.jpg (ImageMagick's CMYK JPEG, which libjpeg stores as YCCK), and the same
# inks written by libjpeg here as CMYK (cmyk.jpg, Adobe transform 0) and YCCK (ycck.jpg, 2);
# cmyk-reference.png is the picture they hold.
set -eu
convert upright.png -resize 101x75! -colorspace CMYK -quality 95 cmyk-imagemagick.jpg
convert upright.png -resize 101x75! -depth 8 rgb:- > /tmp/ycck-fixture.rgb
cat > /tmp/ycck-fixture.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
    enum { W = 101, H = 75 };
    static unsigned char rgb[W * H * 3], inks[W * 4];
    if (fread(rgb, 1, sizeof rgb, stdin) != sizeof rgb) return 1;
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, stdout);
    c.image_width = W; c.image_height = H; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c); jpeg_set_colorspace(&c, argc > 1 && argv[1][0] == 'y' ? JCS_YCCK : JCS_CMYK); jpeg_set_quality(&c, 95, TRUE);
    jpeg_start_compress(&c, TRUE);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            // Inverted inks (255: none), as Adobe stores them: black from the brightest channel.
            unsigned char *p = rgb + (y * W + x) * 3, *q = inks + x * 4;
            int k = p[0] > p[1] ? p[0] : p[1]; if (p[2] > k) k = p[2];
            for (int i = 0; i < 3; i++) q[i] = k == 0 ? 255 : (unsigned char)((p[i] * 255 + k / 2) / k);
            q[3] = (unsigned char)k;
        }
        JSAMPROW row = inks; jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c); jpeg_destroy_compress(&c);
    return 0;
}
C
cc -O2 -o /tmp/ycck-fixture /tmp/ycck-fixture.c -ljpeg
/tmp/ycck-fixture ycck < /tmp/ycck-fixture.rgb > ycck.jpg
/tmp/ycck-fixture cmyk < /tmp/ycck-fixture.rgb > cmyk.jpg
convert upright.png -resize 101x75! cmyk-reference.png
