"""No message of a kernel is lost on its way to the page when the server falls behind.

A CI run ended with three lesson parts never drawn: the page had been told that a part's box holds a widget whose
opening never reached it ("widget model not found"). ZeroMQ queues 1,000 messages a socket by default and a
kernel's broadcast socket drops what does not fit, so a server busy for a few seconds while a kernel built
parts lost messages. The server's kernel connection (tutor.serving) now queues without a limit. Here a real
kernel publishes a flood while two listeners wait without reading, as a busy server does: one connected as the
server connects a page's kernel, one with ZeroMQ's defaults (which must lose messages, or this test proves
nothing); then both read what reached them.
"""

from __future__ import annotations

import time

FLOOD = 20_000          # 1 KB each: 20 MB, more than both queues and the machine's socket buffers together


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


def test_a_kernels_messages_all_reach_a_server_that_fell_behind():
    import zmq
    from jupyter_client import KernelManager
    from jupyter_client.ioloop import IOLoopKernelManager     # the kind the server uses: its channels are streams

    from tutor.serving import NoDelayKernelWebsocketConnection

    kernel = IOLoopKernelManager(kernel_name="python3")
    kernel.start_kernel()
    try:
        client = kernel.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        connection = NoDelayKernelWebsocketConnection(parent=kernel)
        connection.create_stream()              # as the server does when a page opens its websocket
        ours = connection.channels["iopub"].socket
        plain = KernelManager(connection_file=kernel.connection_file, context=zmq.Context())
        plain.load_connection_file()
        theirs = plain.connect_iopub()
        time.sleep(2)                          # both subscriptions reach the kernel
        client.execute("from IPython.display import display\n"
                       f"for _ in range({FLOOD}): display({{'text/plain': 'x' * 1000}}, raw=True)\n")
        reply = client.get_shell_msg(timeout=240)
        assert reply["content"]["status"] == "ok", reply["content"]
        time.sleep(3)                          # nobody read while the kernel published
        got_ours, got_theirs = drain(ours), drain(theirs)
        assert got_theirs < FLOOD, f"ZeroMQ's default queues kept all {got_theirs}: the flood proves nothing"
        assert got_ours >= FLOOD, f"the server's connection lost {FLOOD - got_ours} of {FLOOD} messages"
        for stream in connection.channels.values():
            stream.close()
        theirs.close()
        client.stop_channels()
    finally:
        kernel.shutdown_kernel(now=True)
