"""The kernels of the tutor's server: ipykernel, with its broadcast socket queueing every message however far
behind the server falls.

A kernel sends everything a page sees (widget openings, updates, frames) on one ZeroMQ PUB socket, and a PUB
socket drops what does not fit its queue of 1,000 messages (the server's receiving side never drops: when its
own queue is full it stops reading, and the kernel's side fills). When the server fell behind while a kernel
built lesson parts (a room arriving at once, the CPU shared with browsers), widget openings were lost: the page
was then told that a part's box holds a widget it never heard of ("widget model not found"), and that box
refused every later update, so the part could not be rebuilt either (a CI run; reproduced with pages throttled
8x beside busy CPUs). With no limit on the kernel's queue nothing is dropped: the messages wait in the kernel's
memory until the server reads them, as they would wait in the websocket's buffer anyway.

ipykernel makes that socket in `IPKernelApp.init_iopub`, from a context made a line earlier, so no code run in
the kernel afterwards (an IPython startup file) can reach it: the server starts its kernels with
`python -m tutor.kernel_launch` instead of `python -m ipykernel_launcher` (tutor.serving.TutorKernelManager,
named in the server's configuration), and nothing else changes. This module runs in every kernel: it imports
nothing of the server (jupyter_server alone took 1.4 s to import).
"""

from __future__ import annotations

import sys
from typing import Any

STOCK = "ipykernel_launcher"
OURS = "tutor.kernel_launch"
NO_HISTORY = "--HistoryManager.enabled=False"


def main() -> None:
    import zmq
    from ipykernel.kernelapp import IPKernelApp

    class TutorKernelApp(IPKernelApp):  # type: ignore[misc]
        def init_iopub(self, context: Any) -> None:
            context.setsockopt(zmq.SNDHWM, 0)      # every socket this context makes from now on, the PUB first
            super().init_iopub(context)

    if sys.path and sys.path[0] == "":          # as ipykernel_launcher: the working folder does not shadow modules
        del sys.path[0]
    # no input history: every kernel wrote it to one SQLite file, and with a room's kernels at once IPython printed
    # "The history saving thread hit an unexpected error (OperationalError('database is locked'))" on a lesson's
    # page, in English, between a board and its task (a reader, Козырные киты ru); a lesson's learner never asks
    # for the history
    TutorKernelApp.launch_instance(argv=[*sys.argv[1:], NO_HISTORY])


if __name__ == "__main__":
    main()
