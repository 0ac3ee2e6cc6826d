"""Send a Python snippet to a kitd (review kit daemon) and print what it printed.
    python3 kit.py SOCKET - <<'PY'
    phone(); go('maui.ipynb'); print(screen('top'))
    PY
"""
import socket, sys
sock, src = sys.argv[1], sys.argv[2]
code = sys.stdin.read() if src == "-" else open(src).read()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sock)
s.sendall(code.encode())
s.shutdown(socket.SHUT_WR)
buf = []
while True:
    b = s.recv(65536)
    if not b:
        break
    buf.append(b)
sys.stdout.write(b"".join(buf).decode())
