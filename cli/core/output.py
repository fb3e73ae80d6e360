"""Writing output files atomically, with the permissions a user expects.

A file is written to a temporary file in its directory and renamed over the target, so that
it is never seen half-written. The result has the mode a plain ``open()`` would give a new file
(``0o666`` less the umask) — not the ``0o600`` of the temporary file — or, when it replaces a
file (``--in-place``), that file's mode and owner. A symbolic link is written through: the file
it points to is replaced and the link stays a link.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(path: str, data: bytes, *, keep: str | None = None) -> None:
    """Write ``data`` to ``path`` through a temporary file renamed over it.

    ``keep`` names a file whose mode and owner the result takes (the input replaced by
    ``--in-place``); otherwise the mode follows the umask. Raises :class:`OSError` (a missing
    directory, no permission, a full disk) with nothing left behind.
    """
    target = os.path.realpath(path)
    directory = os.path.dirname(target)
    handle, temporary = tempfile.mkstemp(prefix=".kifu-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if keep is not None:
            status = os.stat(keep)
            os.chmod(temporary, stat.S_IMODE(status.st_mode))
            with contextlib.suppress(PermissionError):  # only root may give a file away
                os.chown(temporary, status.st_uid, status.st_gid)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
