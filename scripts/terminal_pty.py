"""A pseudo-terminal that tells a program its window size in cells and in pixels.

Programs that draw pixels (chafa, gallery) read the cell size in pixels from the window size
(`TIOCGWINSZ`: `ws_xpixel`/`ws_ypixel`), which a pty only reports when someone set it.
"""
import fcntl
import os
import pty
import struct
import termios


class WindowPty:
    """A pty of `columns` x `rows` cells, each `cell_pixels` (width, height) pixels. `master` is our
    end; `slave` is the terminal a child gets as stdin (and stdout). Use it as a context manager,
    or call close()."""

    def __init__(self, columns, rows, cell_pixels):
        self.columns, self.rows, self.cell_pixels = columns, rows, cell_pixels
        self.master, self.slave = pty.openpty()
        window = struct.pack("HHHH", rows, columns, columns * cell_pixels[0], rows * cell_pixels[1])
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, window)

    def modes(self):
        """The terminal modes (termios attributes) of the slave side, to see whether a program that
        changed them put them back."""
        return termios.tcgetattr(self.slave)

    def close_slave(self):
        """Closes our copy of the terminal end: once the children's copies are closed too, reading
        `master` returns what is left, then fails (EIO)."""
        if self.slave is not None:
            os.close(self.slave)
            self.slave = None

    def close(self):
        self.close_slave()
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()
