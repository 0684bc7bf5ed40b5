"""The stdio transport on the event loop: JSON-RPC lines read and written without a thread per line.

The SDK's stdio_server reads and writes through ``anyio.wrap_file``, which hands every line read,
every write and every flush to a worker thread. Under load on a small machine each handoff waits for
the GIL, and a warm tool call (under a millisecond of work) spends most of its time there. Here
stdin and stdout are asyncio pipe transports, given to the SDK's own stdio_server as its streams, so
framing, validation and the session are the SDK's. As the SDK does, file descriptors 0 and 1 are
diverted while serving (0 to the null device, 1 to stderr), so nothing else can write to the wire.
When stdin or stdout is not a pipe, socket or terminal (a regular file), the SDK's transport is used.

A line the SDK cannot read as a JSON-RPC message (broken JSON, a lone UTF-16 surrogate such as
``"\\ud800"``, which strict JSON parsers refuse) would be dropped by the SDK without an answer, and the
client would wait for its own timeout. Here such a line is answered at once with a JSON-RPC error:
-32700 (parse error) or -32600 (invalid request), carrying the request's id when it can be read, else null.
A line nested too deeply for a parser, or longer than ``MAX_LINE`` (skipped to its newline, never read as a
message), is a parse error too; the server goes on serving.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
from typing import Any

from .handshake import PREFIX

MAX_LINE = 64 * 1024 * 1024  # one JSON-RPC message per line; verify_answer takes up to 200,000 characters


def _pipe_like(fd: int) -> bool:
    mode = os.fstat(fd).st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)


def refusal(line: str) -> str | None:
    """The JSON-RPC error answering ``line`` when the SDK cannot read it as a message, else None.

    Code -32700 when the line is not JSON the SDK's parser accepts (including a lone surrogate escape,
    which the message then names), -32600 when it is JSON but not a JSON-RPC message. The id is the
    request's when Python's lenient parser can read it, else null.
    """
    import mcp_types as types
    from pydantic import ValidationError

    if not line.strip():
        return None
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        return None
    except ValidationError as exc:
        problems = exc.errors()
    unparsable = any(e.get("type") == "json_invalid" for e in problems)
    too_deep = False
    try:
        loose = json.loads(line)
    except RecursionError:  # nesting deeper than Python's stack: no id can be read
        loose, too_deep = None, True
    except ValueError:
        loose = None
    rid = loose.get("id") if isinstance(loose, dict) else None
    rid = rid if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None
    if too_deep or (unparsable and any("recursion limit" in str(e.get("msg")) for e in problems)):
        message = (
            "Parse error: the message is nested too deeply (arrays or objects inside one another "
            "hundreds of levels down); send flatter arguments."
        )
    elif unparsable and loose is not None:
        message = (
            "Parse error: the message holds a lone UTF-16 surrogate escape (such as \\ud800), "
            "which is not a Unicode character; send text as valid UTF-8 or paired surrogates."
        )
    elif unparsable:
        message = "Parse error: the line is not a complete JSON value."
    else:
        message = "Invalid request: the line is JSON but not a JSON-RPC 2.0 message."
    error = {"code": -32700 if unparsable else -32600, "message": message}
    if isinstance(rid, str):  # the id is echoed as JSON, never obeyed
        rid = rid.encode("utf-8", "replace").decode("utf-8")
    return json.dumps({"jsonrpc": "2.0", "id": rid, "error": error})


class _Lines:
    """``async for line in stdin`` over an asyncio StreamReader; a line the SDK cannot read is answered on
    ``out`` with a JSON-RPC error (:func:`refusal`) and not passed on."""

    def __init__(self, reader: asyncio.StreamReader, out: _Out, recorder: Any = None):
        self.reader, self.out, self.recorder = reader, out, recorder

    def __aiter__(self) -> _Lines:
        return self

    async def __anext__(self) -> str:
        while True:
            line = await self._line()
            if line is None:
                await self._answer(
                    _parse_error(
                        f"Parse error: the line is longer than the limit of "
                        f"{MAX_LINE // (1024 * 1024)} MiB; it was not read."
                    )
                )
                continue
            if not line:
                raise StopAsyncIteration
            text = line.decode("utf-8", errors="replace")
            try:
                answer = refusal(text)
            except Exception:  # noqa: BLE001 - a line that breaks the check is refused, never the server
                answer = _parse_error("Parse error: the line could not be read as a JSON-RPC message.")
            if answer is None:
                if self.recorder is not None:
                    self.recorder.saw(text)
                return text
            await self._answer(answer)

    async def _line(self) -> bytes | None:
        """The next line (b"" at the end of input), or None for a line over the limit, skipped to its end."""
        try:
            return await self.reader.readuntil(b"\n")
        except asyncio.IncompleteReadError as exc:  # the last line, without its newline
            return exc.partial
        except asyncio.LimitOverrunError as exc:
            await self.reader.readexactly(exc.consumed)
        while True:  # drop the rest of the over-long line, its newline included
            try:
                await self.reader.readuntil(b"\n")
                return None
            except asyncio.IncompleteReadError:
                return None
            except asyncio.LimitOverrunError as exc:
                await self.reader.readexactly(exc.consumed)

    async def _answer(self, answer: str) -> None:
        await self.out.write(answer + "\n")
        await self.out.flush()


def _parse_error(message: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": message}})


class _Out:
    """``await stdout.write(text)`` / ``await stdout.flush()`` over an asyncio StreamWriter.

    ``dropped``: ids (as written) of requests the handshake answered (mcp/handshake.py) whose answer the SDK
    writes again: each is dropped once. ``recorder``: a handshake.Recorder told every line written."""

    def __init__(self, writer: asyncio.StreamWriter, dropped: set[str] | None = None, recorder: Any = None):
        self.writer, self.dropped, self.recorder = writer, set(dropped or ()), recorder

    async def write(self, text: str) -> None:
        if self.dropped and text.startswith(PREFIX):
            rid = next((r for r in self.dropped if text.startswith(PREFIX + r + ",")), None)
            if rid is not None:
                self.dropped.discard(rid)
                return
        if self.recorder is not None:
            self.recorder.wrote(text)
        self.writer.write(text.encode("utf-8"))

    async def flush(self) -> None:
        await self.writer.drain()


async def run_stdio(server: Any, first: bytes = b"", dropped: set[str] | None = None, recorder: Any = None) -> None:
    """Serve ``server`` (an MCPServer) over this process's stdin and stdout.

    ``first``: bytes read before (by the handshake) that the SDK reads before the rest of stdin; ``dropped``
    and ``recorder``: see :class:`_Out`."""
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
    if first:
        reader.feed_data(first)
    read_transport, _ = await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(wire_in, "rb", buffering=0)
    )
    write_transport, protocol = await loop.connect_write_pipe(
        asyncio.streams.FlowControlMixin, os.fdopen(wire_out, "wb", buffering=0)
    )
    writer = asyncio.StreamWriter(write_transport, protocol, None, loop)
    low = server._lowlevel_server
    out = _Out(writer, dropped, recorder)
    try:
        # _Lines and _Out stand in for anyio's AsyncFile: stdio_server only iterates stdin and awaits
        # stdout.write() and flush(), which they provide.
        stdin, stdout = _Lines(reader, out, recorder), out
        async with stdio_server(stdin=stdin, stdout=stdout) as (read_stream, write_stream):  # type: ignore[arg-type]
            await low.run(read_stream, write_stream, low.create_initialization_options())
    finally:
        read_transport.close()
        write_transport.close()
        os.dup2(saved_in, 0)
        os.dup2(saved_out, 1)
        os.close(saved_in)
        os.close(saved_out)
