"""Reading a scenario file safely: a regular file of bounded size, never a FIFO or a device
(whose reading can block or never end)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pyengine.errors import ScenarioError

__all__ = ["MAX_FILE_BYTES", "read_text"]

# The largest scenario file read (bytes). The largest bundled scenario has a few kilobytes;
# without a bound, `solve /dev/zero` or a huge file filled the memory.
MAX_FILE_BYTES = 10_000_000


def read_text(path: str | Path) -> str:
    """The text of a scenario file: a regular file (not a FIFO or a device, whose reading can
    block or never end) of UTF-8 text and at most :data:`MAX_FILE_BYTES` bytes."""
    p = Path(path)
    try:
        # non-blocking: opening a FIFO for reading would wait for a writer
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise ScenarioError(f"cannot read file: {exc.strerror}", file=str(p)) from None
    too_large = ScenarioError(f"file too large: a scenario file has at most {MAX_FILE_BYTES:,} bytes",
                              file=str(p))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "it is a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise ScenarioError(f"cannot read file: {what} (a scenario is a YAML file)", file=str(p))
        if info.st_size > MAX_FILE_BYTES:
            raise too_large
        chunks, size = [], 0
        # each read asks for what the fstat saw and a byte more (at least 64 KiB), never for
        # the whole bound: ``os.read(fd, n)`` allocates n bytes first, and allocating 10 MB
        # for a few kilobytes cost about 2 ms a file in a long-lived worker (asp/README.md,
        # "Performance")
        step = max(info.st_size + 1, 1 << 16)
        while size <= MAX_FILE_BYTES:  # a file may grow after the fstat
            chunk = os.read(fd, min(step, MAX_FILE_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise ScenarioError(f"cannot read file: {exc.strerror}", file=str(p)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_FILE_BYTES:
        raise too_large
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError("file is not UTF-8 text", file=str(p)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as text mode reads it
