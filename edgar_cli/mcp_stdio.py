"""The stdio transport on the event loop: JSON-RPC lines read and written without a thread per line.

The SDK's stdio_server reads and writes through ``anyio.wrap_file``, which hands every line read,
every write and every flush to a worker thread. Under load on a small machine each handoff waits for
the GIL, and a warm tool call (under a millisecond of work) spends most of its time there. Here
stdin and stdout are asyncio pipe transports, given to the SDK's own stdio_server as its streams, so
framing, validation and the session are the SDK's. As the SDK does, file descriptors 0 and 1 are
diverted while serving (0 to the null device, 1 to stderr), so nothing else can write to the wire.
When stdin or stdout is not a pipe, socket or terminal (a regular file), the SDK's transport is used.
"""

from __future__ import annotations

import asyncio
import os
import stat
from typing import Any

MAX_LINE = 64 * 1024 * 1024  # one JSON-RPC message per line; verify_answer takes up to 200,000 characters


def _pipe_like(fd: int) -> bool:
    mode = os.fstat(fd).st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)


class _Lines:
    """``async for line in stdin`` over an asyncio StreamReader."""

    def __init__(self, reader: asyncio.StreamReader):
        self.reader = reader

    def __aiter__(self) -> "_Lines":
        return self

    async def __anext__(self) -> str:
        line = await self.reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", errors="replace")


class _Out:
    """``await stdout.write(text)`` / ``await stdout.flush()`` over an asyncio StreamWriter."""

    def __init__(self, writer: asyncio.StreamWriter):
        self.writer = writer

    async def write(self, text: str) -> None:
        self.writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self.writer.drain()


async def run_stdio(server: Any) -> None:
    """Serve ``server`` (an MCPServer) over this process's stdin and stdout."""
    from mcp.server.stdio import stdio_server

    if not (_pipe_like(0) and _pipe_like(1)):
        await server.run_stdio_async()
        return
    loop = asyncio.get_running_loop()
    wire_in, wire_out = os.dup(0), os.dup(1)
    saved_in, saved_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)  # a stray print goes to stderr, not into the protocol
    os.close(null)
    reader = asyncio.StreamReader(limit=MAX_LINE)
    read_transport, _ = await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader),
                                                     os.fdopen(wire_in, "rb", buffering=0))
    write_transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                              os.fdopen(wire_out, "wb", buffering=0))
    writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
    low = server._lowlevel_server
    try:
        async with stdio_server(stdin=_Lines(reader), stdout=_Out(writer)) as (read_stream, write_stream):
            await low.run(read_stream, write_stream, low.create_initialization_options())
    finally:
        read_transport.close()
        write_transport.close()
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
