"""Runs inside every kernel the tutor's own server starts (an IPython startup file written by tutor.serving):
nothing technical reaches a page's visitor.

A page holds a websocket to its kernel. A malformed widget or comm message from it (a hostile visitor, or a
broken browser extension) used to come back as ~7 KB of traceback: file paths, package versions, source
lines. Here such failures are written to the server's log (the kernel process's own stderr) instead:

* ipywidgets reports an exception in a widget's message handler with IPython's ``showtraceback``, which
  publishes an ``error`` message to every client;
* the comm machinery logs "Exception opening comm …" / "No such comm …" to the kernel's stderr, which ipykernel
  forwards to the clients as a ``stream`` message.

Lesson code never relies on either: every tutor callback is guarded and shows a friendly message instead.
"""

from __future__ import annotations

import sys
import traceback


def install() -> bool:
    """Send tracebacks and stderr of this kernel to the server's log; True if installed (idempotent)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None:
        return False
    if getattr(shell, "_tutor_quiet", False):
        return True
    log = sys.__stderr__

    def showtraceback(exc_tuple=None, *args, **kwargs):
        try:
            etype, value, tb = exc_tuple if exc_tuple else sys.exc_info()
            print("tutor kernel: an error the page is not told about:", file=log)
            traceback.print_exception(etype, value, tb, file=log)
            log.flush()
        except Exception:       # reporting must never fail in its turn
            pass

    shell.showtraceback = showtraceback
    # ipykernel replaced sys.stderr with a stream to the clients; loggers without handlers (the comm
    # package's) and warnings write to sys.stderr at the moment they emit
    sys.stderr = log
    shell._tutor_quiet = True
    return True


STARTUP = "import tutor.kernel_quiet\ntutor.kernel_quiet.install()\n"
