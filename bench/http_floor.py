"""The HTTP stack's own cost: server CPU per request for an app that does nothing.

Run: .venv/bin/python bench/http_floor.py [--clients 200] [--rate 7.5] [--seconds 15]

Starts uvicorn (uvloop and httptools, as `cardtable serve` runs it) with an ASGI app that
answers every request with a small JSON body at once, then keeps --clients keep-alive
connections posting a move-sized JSON body --rate times a second each (7.5: the 1.5
requests of each of a player's 5 actions a second in bench/web_load.py). Prints the
requests served, their latency and the server's CPU time per request, read from /proc
(Linux). Beside `bench/web_load.py --workers 1`, it says how much of a request's CPU is
the game's and how much the stack's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time

APP = '''
async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    body = b'{"ok":true,"version":3}'
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": body})
'''


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid``."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def client(port: int, rate: float, end: float, latencies: list[float]) -> None:
    """One keep-alive connection posting a small JSON body, exponentially spaced."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = json.dumps({"action": "deal", "version": 5}).encode()
    request = (
        b"POST /api/games/1/actions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Cookie: cardtable_player=abc\r\nContent-Length: %d\r\n\r\n" % len(body)
    ) + body
    while time.monotonic() < end:
        await asyncio.sleep(random.expovariate(rate))
        began = time.perf_counter()
        writer.write(request)
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
        await reader.readexactly(length)
        latencies.append(time.perf_counter() - began)
    writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--rate", type=float, default=7.5, help="requests a second per client")
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code = APP + f"\nimport uvicorn\nuvicorn.run(app, port={port}, loop='uvloop', http='httptools', log_level='warning')\n"
    server = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        latencies: list[float] = []
        before, began = cpu_seconds(server.pid), time.monotonic()

        async def run() -> None:
            await asyncio.gather(*(client(port, args.rate, began + args.seconds, latencies) for _ in range(args.clients)))

        asyncio.run(run())
        cpu, wall = cpu_seconds(server.pid) - before, time.monotonic() - began
    finally:
        server.terminate()
        server.wait(timeout=10)
    latencies.sort()
    count = len(latencies)
    print(f"clients {args.clients} at {args.rate}/s, {wall:.1f} s: {count:,} requests, {count / wall:,.0f}/s")
    print(f"latency p50 {1000 * latencies[count // 2]:.2f} ms, p99 {1000 * latencies[int(count * 0.99)]:.2f} ms")
    print(f"server CPU {1000 * cpu / count:.3f} ms per request")


if __name__ == "__main__":
    main()
