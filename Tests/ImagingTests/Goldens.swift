@testable import Imaging

/// Expected encoder output, checked byte for byte so any change in what we send is seen.
enum Goldens {
    /// A 4x4 picture of named colours, some exactly in the xterm palette, some between.
    static let sixelImage4x4 = TestImages.image([
        [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255), RGB(255, 255, 255)],
        [RGB(0, 0, 0), RGB(128, 128, 128), RGB(255, 128, 0), RGB(0, 255, 255)],
        [RGB(20, 40, 60), RGB(95, 135, 175), RGB(200, 10, 90), RGB(250, 250, 0)],
        [RGB(8, 8, 8), RGB(128, 0, 255), RGB(60, 120, 30), RGB(255, 255, 255)],
    ])

    /// `sixelImage4x4` with the xterm palette (ANSI 0-15 at 0/128/192/255, cube levels 0, 95, 135,
    /// 175, 215, 255 from 16, greys 8 + 10i from 232; nearest by squared distance, ties to the
    /// lower number). Shorter than a band: one band of 4 rows. Registers by pixel:
    ///
    ///     row 0:   9  10  12  15      (exact; 9, 10, 12, 15 beat their cube twins 196, 46, 21, 231)
    ///     row 1:   0   8 208  14      (255,128,0 -> 255,135,0 = 16+36*5+6*2 = 208)
    ///     row 2: 235  67 161  11      (20,40,60 -> grey 38 (d 812) beats cube 0,0,95 (d 3225);
    ///                                  200,10,90 -> 215,0,95 = 161; 250,250,0 -> 11)
    ///     row 3: 232  93  64  15      (128,0,255 -> 135,0,255 = 93; 60,120,30 -> 95,135,0 = 64,
    ///                                  d 2350, beats grey 68 (4212) and ANSI 2 (4564))
    ///
    /// The 15 used registers are defined in number order, in percent ((v * 100 + 127) / 255).
    /// First appearances column by column, top to bottom: 9 0 235 232 | 10 8 67 93 | 12 208 161 64
    /// | 15 14 11. Every colour paints one column, so joining the line that ends nearest left of
    /// its first column (the first such line, of lines ending in the same column) makes each row
    /// of the picture a line: 9 10 12 15; 0 8 208 14; 235 67 161 11; 232 93 64. Characters are 63 + the rows' bits: 15 paints rows 0 and 3
    /// (`H`); no bit below row 3 is set.
    static let sixel4x4 = "\u{1B}Pq\"1;1;4;4"
        + "#0;2;0;0;0#8;2;50;50;50#9;2;100;0;0#10;2;0;100;0#11;2;100;100;0#12;2;0;0;100#14;2;0;100;100"
        + "#15;2;100;100;100#64;2;37;53;0#67;2;37;53;69#93;2;53;0;100#161;2;84;0;37#208;2;100;53;0"
        + "#232;2;3;3;3#235;2;15;15;15"
        + "#9@#10@#12@#15H$#0A#8A#208A#14A$#235C#67C#161C#11C$#232G#93G#64G\u{1B}\\"

    static let sixelImage8x6 = TestImages.noise(width: 8, height: 6, seed: 42)

    /// `sixelImage8x6` with the xterm palette: exactly one band, so no `-`. Worked out with the
    /// rules of `sixel4x4` (by a small model of them written apart from the encoder, checked
    /// against libsixel's choice of registers for the same pixels). Registers by pixel:
    ///
    ///      95 142   4  24 170  76  71 241
    ///      66  97 215 127  27 129 191 166
    ///      54   5  23 125  56 130 227  80
    ///      41  55  84  65 138 181 178 160
    ///     169  56 168  65 128  97 147  86
    ///     175  19  83 108  38 128   4  27
    ///
    /// Colours that recur in a band share one run: 4 paints columns 2 and 6 (`@???_`), 65 rows 3
    /// and 4 of column 3 (`W`), 128 row 4 of column 4 and row 5 of column 5 (`O_`).
    static let sixel8x6 = "\u{1B}Pq\"1;1;8;6"
        + "#4;2;0;0;50#5;2;50;0;50#19;2;0;0;69#23;2;0;37;37#24;2;0;37;53#27;2;0;37;100#38;2;0;69;84"
        + "#41;2;0;84;37#54;2;37;0;53#55;2;37;0;69#56;2;37;0;84#65;2;37;53;37#66;2;37;53;53#71;2;37;69;37"
        + "#76;2;37;84;0#80;2;37;84;84#83;2;37;100;37#84;2;37;100;53#86;2;37;100;84#95;2;53;37;37"
        + "#97;2;53;37;69#108;2;53;69;53#125;2;69;0;37#127;2;69;0;69#128;2;69;0;84#129;2;69;0;100"
        + "#130;2;69;37;0#138;2;69;53;53#142;2;69;69;0#147;2;69;69;100#160;2;84;0;0#166;2;84;37;0"
        + "#168;2;84;37;53#169;2;84;37;69#170;2;84;37;84#175;2;84;53;69#178;2;84;69;0#181;2;84;69;69"
        + "#191;2;84;100;37#215;2;100;69;37#227;2;100;100;37#241;2;38;38;38"
        + "#95@#142@#4@???_#241@$#66A#97A???O#71@#166A$#54C#5C#215A#24@#170@#76@#191A#80C"
        + "$#41G#55G#23C#127A#27A??_$#169O#56O??C#129A#227C#160G$#175_#19_#84G#125C#138G#130C#178G#86O"
        + "$#168??O#65W#128O_#147O$#83??_#108_#38_#181G\u{1B}\\"

    /// Three colours: red and blue side by side in the first band, white as a one-row second band.
    static let sixelImage8x7 = TestImages.image((0..<7).map { y in
        (0..<8).map { x in y == 6 ? RGB(255, 255, 255) : x < 4 ? RGB(255, 0, 0) : RGB(0, 0, 255) }
    })

    /// `sixelImage8x7` with the adaptive palette: three colours, so exact registers numbered as
    /// they first appear row by row (red 0, blue 1, white 2). Band 1: red paints all six rows
    /// (`~` = 63 + 63) of columns 0-3, blue of 4-7, so blue fits on red's line; runs of 4 as `!4`.
    /// Band 2 is partial: white in row 0 (`@`) of all 8 columns.
    static let sixel8x7 = "\u{1B}Pq\"1;1;8;7#0;2;100;0;0#1;2;0;0;100#2;2;100;100;100#0!4~#1!4~-#2!8@\u{1B}\\"

    /// A 4x4 image whose 48 bytes are 0, 5, 10, …, 235.
    static let kittyImage4x4 = RGBImage(width: 4, height: 4, pixels: (0..<48).map { UInt8($0 * 5) })

    /// `kittyImage4x4` as image 7 in 2x1 cells: one chunk, so keys and `m=0` together.
    static let kitty4x4 = "\u{1B}_Ga=T,f=24,s=4,v=4,i=7,c=2,r=1,q=2,m=0;"
        + "AAUKDxQZHiMoLTI3PEFGS1BVWl9kaW5zeH2Ch4yRlpugpaqvtLm+w8jN0tfc4ebr\u{1B}\\"

    /// `sixelImage8x6` as kitty image 9 in 4x2 cells (base64 of its 144 bytes, worked out apart from our encoder).
    static let kitty8x6 = "\u{1B}_Ga=T,f=24,s=8,v=6,i=9,c=4,r=2,q=2,m=0;"
        + "kTlpoa4GBSd5BluH61PLZMkRa7VXbWlYY4aIfGqe7rVppAahLlvupib23e9j1WQFNx+AcyeCCG9RwAxDcgDawWou/PBCNN3eBeFmVRmoXfmFcphbvZiB47Sk5qga5wMe2lS7OwDV312STn1rpQzqlFWrqcD0ae3OyXStHSakPu9XgLSLLp/hqAfGCRFwGDr8\u{1B}\\"

    /// `sixelImage8x6` as 8x3 truecolor half-blocks: no resize at that size, so each cell is the pixel
    /// pair above and below (worked out apart from our renderer).
    static let halfBlocks8x6 = [
        "\u{1B}[38;2;145;57;105;48;2;99;134;136m▀\u{1B}[38;2;161;174;6;48;2;124;106;158m▀\u{1B}[38;2;5;39;121;48;2;238;181;105m▀\u{1B}[38;2;6;91;135;48;2;164;6;161m▀\u{1B}[38;2;235;83;203;48;2;46;91;238m▀\u{1B}[38;2;100;201;17;48;2;166;38;246m▀\u{1B}[38;2;107;181;87;48;2;221;239;99m▀\u{1B}[38;2;109;105;88;48;2;213;100;5m▀\u{1B}[0m",
        "\u{1B}[38;2;55;31;128;48;2;5;225;102m▀\u{1B}[38;2;115;39;130;48;2;85;25;168m▀\u{1B}[38;2;8;111;81;48;2;93;249;133m▀\u{1B}[38;2;192;12;67;48;2;114;152;91m▀\u{1B}[38;2;114;0;218;48;2;189;152;129m▀\u{1B}[38;2;193;106;46;48;2;227;180;164m▀\u{1B}[38;2;252;240;66;48;2;230;168;26m▀\u{1B}[38;2;52;221;222;48;2;231;3;30m▀\u{1B}[0m",
        "\u{1B}[38;2;218;84;187;48;2;201;116;173m▀\u{1B}[38;2;59;0;213;48;2;29;38;164m▀\u{1B}[38;2;223;93;146;48;2;62;239;87m▀\u{1B}[38;2;78;125;107;48;2;128;180;139m▀\u{1B}[38;2;165;12;234;48;2;46;159;225m▀\u{1B}[38;2;148;85;171;48;2;168;7;198m▀\u{1B}[38;2;169;192;244;48;2;9;17;112m▀\u{1B}[38;2;105;237;206;48;2;24;58;252m▀\u{1B}[0m",
    ]
}
