"""No message of a kernel is lost on its way to the page when the server falls behind.

A CI run ended with three lesson parts never drawn: the page had been told that a part's box holds a widget whose
opening never reached it ("widget model not found"). ZeroMQ queues 1,000 messages a socket by default and a
kernel's broadcast socket drops what does not fit, so a server busy for a few seconds while a kernel built
parts lost messages. The server's kernels (tutor.kernel_launch) now queue without a limit. Here two real
kernels publish a flood while their listeners wait without reading, as a busy server does: one kernel started
and listened to as the tutor's server does, one the stock way (which must lose messages, or this test proves
nothing); then both listeners read.
"""

from __future__ import annotations


from helpers import run_apart
import subprocess
import sys
import time
import warnings

# 10 KB each: more than both stock queues (1,000 messages each) and the socket buffers (a few MB) together, in
# few messages (each costs the kernel CPU, taken from the browser tests running beside this one)
FLOOD = 4_000
FLOOD_CODE = ("from IPython.display import display\n"
              f"for _ in range({FLOOD}): display({{'text/plain': 'x' * 10_000}}, raw=True)\n")


def drain(socket) -> int:
    import zmq
    poller = zmq.Poller()
    poller.register(socket, zmq.POLLIN)
    got = 0
    while poller.poll(3000):
        while True:
            try:
                socket.recv_multipart(zmq.NOBLOCK)
            except zmq.Again:
                break
            got += 1
    return got


def test_the_tutor_server_starts_its_kernels_through_its_launcher():
    from tutor.serving import KERNEL_MANAGER_CLASS, TutorKernelManager, voila_config
    assert voila_config()["MappingKernelManager"]["kernel_manager_class"] == KERNEL_MANAGER_CLASS
    kernel = TutorKernelManager(kernel_name="python3")
    kernel.connection_file = "/tmp/kernel-x.json"
    cmd = kernel.format_kernel_cmd()
    assert cmd[1:4] == ["-m", "tutor.kernel_launch", "-f"], cmd
    # it runs in every kernel: it must not bring the server along (jupyter_server took 1.4 s to import)
    done = subprocess.run([sys.executable, "-c", "import sys, tutor.kernel_launch; "
                           "print(sorted(m for m in sys.modules if m.startswith(('jupyter_server', 'tornado'))))"],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def test_a_kernels_messages_all_reach_a_server_that_fell_behind():
    run_apart(flood_two_kernels())      # one event loop for the tutor's (asynchronous) kernel manager and streams


def ready_client(connection_file: str):
    from jupyter_client import BlockingKernelClient
    client = BlockingKernelClient(connection_file=connection_file)
    client.load_connection_file()
    client.start_channels()
    for attempt in range(10):       # a client with no manager of its own takes a heartbeat not yet heard for a
        try:                         # dead kernel: ask again while the kernel starts
            client.wait_for_ready(timeout=120)
            return client
        except RuntimeError:
            if attempt == 9:
                raise
            time.sleep(1)


async def flood_two_kernels():
    import zmq
    from jupyter_client import KernelManager
    from jupyter_client.ioloop import IOLoopKernelManager

    from tutor.serving import TutorKernelManager
    from tutor.serving import NoDelayKernelWebsocketConnection

    ours = TutorKernelManager(kernel_name="python3")
    stock = IOLoopKernelManager(kernel_name="python3")
    await ours.start_kernel()
    stock.start_kernel()
    try:
        clients = [ready_client(kernel.connection_file) for kernel in (ours, stock)]
        connection = NoDelayKernelWebsocketConnection(parent=ours)
        connection.create_stream()              # as the server does when a page opens its websocket
        listening = connection.channels["iopub"].socket
        plain = KernelManager(connection_file=stock.connection_file, context=zmq.Context())
        plain.load_connection_file()
        stock_listener = plain.connect_iopub()
        time.sleep(2)                          # both subscriptions reach their kernel
        for client in clients:
            client.execute(FLOOD_CODE)
        for client in clients:
            reply = client.get_shell_msg(timeout=240)
            assert reply["content"]["status"] == "ok", reply["content"]
        time.sleep(3)                          # nobody read while the kernels published
        got_ours, got_stock = drain(listening), drain(stock_listener)
        assert got_ours >= FLOOD, f"the tutor's kernel and server lost {FLOOD - got_ours} of {FLOOD} messages"
        if got_stock >= FLOOD:
            # the stock pair drops what overflows its queues, most runs; once, in a loaded full run, it kept all
            # 4,003 (it passed alone): that run shows only that ours kept them all, said out loud, not a failure
            warnings.warn(f"a stock kernel and listener kept all {got_stock} this time: the flood compared nothing")
        for stream in connection.channels.values():
            stream.close()
        stock_listener.close()
        for client in clients:
            client.stop_channels()
    finally:
        await ours.shutdown_kernel(now=True)
        stock.shutdown_kernel(now=True)


def test_the_tutor_servers_kernels_keep_no_input_history():
    """Every kernel wrote its input history to one SQLite file; with a room's kernels at once IPython printed
    "The history saving thread hit an unexpected error (OperationalError('database is locked'))" on a lesson's page
    (a reader, 2026-12-07). The server's kernels keep no history."""
    run_apart(history_of_our_kernel())


async def history_of_our_kernel():
    from tutor.serving import TutorKernelManager
    ours = TutorKernelManager(kernel_name="python3")
    await ours.start_kernel()
    try:
        client = ready_client(ours.connection_file)
        client.execute("h = get_ipython().history_manager; print('history', h.enabled, type(h).__name__)")
        said = ""
        while "history" not in said:
            msg = client.get_iopub_msg(timeout=120)
            if msg["msg_type"] == "stream":
                said += msg["content"]["text"]
        assert said.split() == ["history", "False", "HistoryManager"], said
        client.stop_channels()
    finally:
        await ours.shutdown_kernel(now=True)
