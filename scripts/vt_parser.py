"""A terminal's parser of what a program writes, for the slow-link benchmark (slow_link_bench.py).

The DEC/ANSI state machine of Paul Williams' "A parser for DEC's ANSI-compatible video terminals"
(vt100.net/emu/dec_ansi_parser), which xterm, kitty and most terminals follow, fed in pieces as
they come off a link. It draws nothing: it counts what a terminal would act on (text, escape and
control sequences, sixel images in DCS strings, kitty graphics commands in APC strings, OSC
strings), keeps a digest of each picture's bytes, and notes where each synchronized update
(`CSI ? 2026 h` … `CSI ? 2026 l`) ends, by its offset in the stream.

Two deviations, as UTF-8 terminals deviate: bytes 0x80-0x9F are parts of characters, not C1
controls; a colon is a parameter byte of CSI (SGR sub-parameters), not a reason to ignore it.

Long runs (text, the body of a DCS, APC or OSC string, a whole CSI sequence within one piece) are
taken in one step by `find` and regular expressions; the rest goes byte by byte through `_step`,
the state table itself. Both take the same transitions, so a piece boundary anywhere gives the
same result (the unit tests feed byte by byte).
"""
import collections
import hashlib
import re

(GROUND, ESCAPE, ESCAPE_INTERMEDIATE, CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE, DCS_ENTRY,
 DCS_PARAM, DCS_INTERMEDIATE, DCS_PASSTHROUGH, DCS_IGNORE, OSC_STRING, APC_STRING) = range(14)
STATE_NAMES = ("ground", "escape", "escape intermediate", "CSI entry", "CSI param", "CSI intermediate",
               "CSI ignore", "DCS entry", "DCS param", "DCS intermediate", "DCS passthrough", "DCS ignore",
               "OSC string", "SOS/PM/APC string")

ESC, CAN, SUB, BEL = 0x1B, 0x18, 0x1A, 0x07
# What ends each string state's run: ESC (the start of ST), CAN and SUB (cancel); BEL ends OSC too.
STRING_END = {
    DCS_PASSTHROUGH: re.compile(rb"[\x18\x1a\x1b]"),
    DCS_IGNORE: re.compile(rb"[\x18\x1a\x1b]"),
    APC_STRING: re.compile(rb"[\x18\x1a\x1b]"),
    OSC_STRING: re.compile(rb"[\x07\x18\x1a\x1b]"),
}
# A whole CSI sequence after `ESC [`: private marker, parameters, intermediates, final byte.
WHOLE_CSI = re.compile(rb"([\x3c-\x3f]?)([\x30-\x3b]*)([\x20-\x2f]*)([\x40-\x7e])")
# Parameters and intermediates kept per sequence; more is garbage a terminal would not keep either.
MAX_COLLECTED = 64
# The start of an APC string kept to read a kitty command's keys (`G` keys `;` payload).
MAX_HEAD = 128
SYNCHRONIZED_UPDATE = b"2026"
# SGR with a 256-colour or 24-bit background: text-mode pictures (half blocks) colour every cell so.
PICTURE_BACKGROUND = re.compile(rb"(?:^|;)48[;:][25][;:]")

Picture = collections.namedtuple("Picture", "end kind digest length")


class Parser:
    """Feed it bytes with `feed`; read `counts` (a Counter: text, escapes, csi, dcs, sixels,
    sixel_bytes, osc, apc, kitty_commands, kitty_images, kitty_bytes, kitty_placements,
    kitty_deletes, picture_backgrounds, cancelled), `pictures` (completed sixel images and kitty
    transmissions, each with the stream offset just past its last byte), and `update_begins` /
    `update_ends` (stream offsets just past each `CSI ? 2026 h` / `l`)."""

    def __init__(self):
        self.state = GROUND
        self.offset = 0
        self.counts = collections.Counter()
        self.pictures = []
        self.update_begins, self.update_ends = [], []
        self._collected = bytearray()
        self._params = bytearray()
        self._string_kind = None
        self._string_length = 0
        self._digest = None
        self._head = bytearray()
        self._head_done = False
        # A kitty transmission sent in chunks (`m=1`): its digest and length so far.
        self._kitty_group = None

    # -- feeding

    def feed(self, data):
        """Parses `data`, the next bytes of the stream (bytes or bytearray)."""
        base, i, n = self.offset, 0, len(data)
        while i < n:
            state = self.state
            if state == GROUND:
                j = data.find(b"\x1b", i)
                end = n if j < 0 else j
                self.counts["text"] += end - i
                if j < 0:
                    break
                self._enter_escape()
                i = j + 1
            elif state in STRING_END:
                match = STRING_END[state].search(data, i)
                end = match.start() if match else n
                if end > i:
                    self._put(data, i, end)
                if not match:
                    break
                self.offset = base + end + 1
                self._step(data[end])
                i = end + 1
            elif state == CSI_ENTRY and (match := WHOLE_CSI.match(data, i)):
                self.offset = base + match.end()
                self._params[:] = match.group(2)[:MAX_COLLECTED]
                self._collected[:] = (match.group(1) + match.group(3))[:MAX_COLLECTED]
                self._csi_dispatch(match.group(4)[0])
                self.state = GROUND
                i = match.end()
            else:
                self.offset = base + i + 1
                self._step(data[i])
                i += 1
        self.offset = base + n

    def _step(self, byte):
        """One byte through the state table (`self.offset` is already past it)."""
        if byte in (CAN, SUB):
            self._leave(cancelled=True)
            self.state = GROUND
            return
        if byte == ESC:
            self._leave(cancelled=False)
            self._enter_escape()
            return
        state = self.state
        if state == GROUND:
            self.counts["text"] += 1
        elif state == ESCAPE:
            self._escape(byte)
        elif state == ESCAPE_INTERMEDIATE:
            if 0x20 <= byte <= 0x2F:
                self._collect(byte)
            elif 0x30 <= byte <= 0x7E:
                self.counts["escapes"] += 1
                self.state = GROUND
        elif state in (CSI_ENTRY, CSI_PARAM, CSI_INTERMEDIATE):
            self._sequence_byte(byte, state == CSI_ENTRY, state == CSI_INTERMEDIATE,
                                (CSI_PARAM, CSI_INTERMEDIATE, CSI_IGNORE), self._csi_final)
        elif state == CSI_IGNORE:
            if 0x40 <= byte <= 0x7E:
                self.state = GROUND
        elif state in (DCS_ENTRY, DCS_PARAM, DCS_INTERMEDIATE):
            self._sequence_byte(byte, state == DCS_ENTRY, state == DCS_INTERMEDIATE,
                                (DCS_PARAM, DCS_INTERMEDIATE, DCS_IGNORE), self._hook)
        elif state == OSC_STRING and byte == BEL:
            self._leave(cancelled=False)
            self.state = GROUND
        elif state in (DCS_PASSTHROUGH, OSC_STRING, APC_STRING) and byte != 0x7F:
            self._put(bytes((byte,)), 0, 1)

    def _escape(self, byte):
        if byte < 0x20 or byte == 0x7F:
            return  # C0 controls are executed, DEL ignored, inside an escape sequence
        if byte <= 0x2F:
            self._collect(byte)
            self.state = ESCAPE_INTERMEDIATE
        elif byte == 0x5B:  # [
            self.state = CSI_ENTRY
        elif byte == 0x50:  # P
            self.state = DCS_ENTRY
        elif byte == 0x5D:  # ]
            self._start_string(OSC_STRING, "osc")
        elif byte in (0x58, 0x5E, 0x5F):  # X (SOS), ^ (PM), _ (APC)
            self._start_string(APC_STRING, "apc" if byte == 0x5F else "sos/pm")
        else:  # ESC \ (ST) ends here too: the string it ended was closed when ESC came
            self.counts["escapes"] += 1
            self.state = GROUND

    def _sequence_byte(self, byte, entry, intermediate, states, final):
        """A byte of a CSI or DCS sequence before its final byte; `states` are its param,
        intermediate and ignore states."""
        param_state, intermediate_state, ignore_state = states
        if byte < 0x20 or byte == 0x7F:
            return
        if byte <= 0x2F:
            self._collect(byte)
            self.state = intermediate_state
        elif byte <= 0x3B and not intermediate:
            if len(self._params) < MAX_COLLECTED:
                self._params.append(byte)
            self.state = param_state
        elif byte <= 0x3F:
            if entry:
                self._collect(byte)  # the private marker
                self.state = param_state
            else:
                self.state = ignore_state
        else:
            final(byte)

    def _csi_final(self, byte):
        self._csi_dispatch(byte)
        self.state = GROUND

    # -- actions

    def _enter_escape(self):
        self.state = ESCAPE
        self._collected.clear()
        self._params.clear()

    def _collect(self, byte):
        if len(self._collected) < MAX_COLLECTED:
            self._collected.append(byte)

    def _csi_dispatch(self, final):
        self.counts["csi"] += 1
        if self._collected == b"?" and self._params == SYNCHRONIZED_UPDATE:
            if final == 0x68:  # h
                self.update_begins.append(self.offset)
            elif final == 0x6C:  # l
                self.update_ends.append(self.offset)
        elif final == 0x6D and not self._collected and PICTURE_BACKGROUND.search(self._params):  # m
            self.counts["picture_backgrounds"] += 1

    def _hook(self, final):
        self.counts["dcs"] += 1
        sixel = final == 0x71 and not any(0x20 <= b <= 0x2F for b in self._collected)  # q
        self._start_string(DCS_PASSTHROUGH, "sixel" if sixel else "dcs")

    def _start_string(self, state, kind):
        self.state = state
        self._string_kind = kind
        self._string_length = 0
        self._digest = hashlib.sha1(bytes(self._params)) if kind == "sixel" else None
        self._head.clear()
        self._head_done = False

    def _put(self, data, start, end):
        """String bytes data[start:end] (DCS passthrough, OSC or APC)."""
        self._string_length += end - start
        if self._string_kind == "sixel":
            self._digest.update(memoryview(data)[start:end])
        elif self._string_kind == "apc":
            self._put_apc(data, start, end)

    def _put_apc(self, data, start, end):
        """Keeps an APC string's head up to the first `;` (a kitty command's keys) and hashes the
        rest (its payload)."""
        if not self._head_done:
            semicolon = data.find(b";", start, end)
            head_end = end if semicolon < 0 else semicolon
            room = MAX_HEAD - len(self._head)
            self._head += data[start:min(head_end, start + max(0, room))]
            if semicolon < 0:
                return
            self._head_done = True
            start = semicolon + 1
        if self._head[:1] == b"G" and start < end:
            group = self._kitty_group_for_payload()
            group[0].update(memoryview(data)[start:end])
            group[1] += end - start

    def _kitty_group_for_payload(self):
        if self._kitty_group is None:
            self._kitty_group = [hashlib.sha1(), 0]
        return self._kitty_group

    def _leave(self, cancelled):
        """The exit action of the state being left by ESC, CAN or SUB (or BEL for OSC)."""
        state, kind = self.state, self._string_kind
        if state not in (DCS_PASSTHROUGH, OSC_STRING, APC_STRING):
            return
        self._string_kind = None
        if cancelled:
            self.counts["cancelled"] += 1
            return
        if kind == "sixel":
            self.counts["sixels"] += 1
            self.counts["sixel_bytes"] += self._string_length
            self.pictures.append(Picture(self.offset, "sixel", self._digest.digest(), self._string_length))
        elif kind == "osc":
            self.counts["osc"] += 1
        elif kind == "apc":
            self.counts["apc"] += 1
            if self._head[:1] == b"G":
                self._kitty_command(kitty_keys(bytes(self._head[1:])))

    def _kitty_command(self, keys):
        """A kitty graphics command ended: counts it, and a transmission's last chunk (`m` not 1)
        completes its picture."""
        self.counts["kitty_commands"] += 1
        action = keys.get("a", "t")
        if action in ("p", "T"):
            self.counts["kitty_placements"] += 1
        elif action == "d":
            self.counts["kitty_deletes"] += 1
        if keys.get("m") == "1" or self._kitty_group is None:
            return
        digest, length = self._kitty_group
        self._kitty_group = None
        if action == "q":
            return  # a support query, not a picture
        self.counts["kitty_images"] += 1
        self.counts["kitty_bytes"] += length
        self.pictures.append(Picture(self.offset, "kitty", digest.digest(), length))

    # -- reading

    @property
    def state_name(self):
        return STATE_NAMES[self.state]


def kitty_keys(text):
    """The `key=value` pairs of a kitty graphics command's control data, as strings."""
    pairs = (item.split(b"=", 1) for item in text.split(b",") if b"=" in item)
    return {key.decode("latin-1"): value.decode("latin-1") for key, value in pairs}
