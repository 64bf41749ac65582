"""A Modbus server for tests and the bench: Debian's python3-pymodbus (run with /usr/bin/python3).

    modbus_peer.py --tcp                       Modbus TCP on a free port of 127.0.0.1
    modbus_peer.py --rtu /dev/pts/N --baud B   Modbus RTU on a serial device (one end of a socat pty pair)
    modbus_peer.py --rtu-over-tcp              RTU frames on a TCP port (a serial device server)

--map '{"co": [[start, count], ...], "di": ..., "ir": ..., "hr": ...}' maps blocks (zeros); any other
address answers exception 2 (illegal data address). --unit N (repeatable) answers those unit ids only.
--count-reads N makes holding register N a changing register that tells a reader exactly what it
missed: each read covering it returns its value and then adds 1 (mod 65536), as a PLC's request counter
does. A client that reads it every scan sees 0, 1, 2, ... with no value skipped or repeated.
Prints `ready <port>` (0 on a serial line) once it serves. Then it reads JSON lines on stdin:
{"op": "set", "area": "hr", "at": 10, "values": [1, 2]}  -> ok
{"op": "get", "area": "hr", "at": 10, "count": 2}        -> [1, 2]
{"op": "reads"}                                          -> reads answered since the last "reads"
"""
import argparse
import asyncio
import json
import logging
import sys

from pymodbus.datastore import ModbusServerContext, ModbusSlaveContext, ModbusSparseDataBlock
from pymodbus.server import StartAsyncSerialServer, StartAsyncTcpServer
from pymodbus.transaction import ModbusRtuFramer

READ_CODES = {1, 2, 3, 4}
AREA_CODE = {"co": 1, "di": 2, "hr": 3, "ir": 4}


class CountingContext(ModbusSlaveContext):
    """Counts the read requests it answers (validate runs once per request, before getValues)."""

    reads = 0
    counter = None

    def getValues(self, fc_as_hex, address, count=1):
        values = super().getValues(fc_as_hex, address, count)
        c = CountingContext.counter
        if fc_as_hex == 3 and c is not None and address <= c < address + count:
            self.store["h"].setValues(c, [(values[c - address] + 1) & 0xFFFF])
        return values

    def validate(self, fc_as_hex, address, count=1):
        ok = super().validate(fc_as_hex, address, count)
        if ok and fc_as_hex in READ_CODES:
            CountingContext.reads += 1
        return ok


def block(spans):
    return ModbusSparseDataBlock({a: 0 for start, count in spans for a in range(start, start + count)})


async def commands(ctx):
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        cmd = json.loads(line)
        if cmd["op"] == "set":
            ctx.store[cmd["area"][0]].setValues(cmd["at"], cmd["values"])
            out = "ok"
        elif cmd["op"] == "get":
            out = json.dumps(ctx.store[cmd["area"][0]].getValues(cmd["at"], cmd["count"]))
        else:
            out = str(CountingContext.reads)
            CountingContext.reads = 0
        print(out, flush=True)


async def main():
    logging.getLogger("pymodbus").setLevel(logging.CRITICAL)
    p = argparse.ArgumentParser()
    p.add_argument("--tcp", action="store_true")
    p.add_argument("--rtu")
    p.add_argument("--rtu-over-tcp", action="store_true")
    p.add_argument("--baud", type=int, default=9600)
    p.add_argument("--unit", type=int, action="append")
    p.add_argument("--count-reads", type=int)
    p.add_argument("--map", default='{"co": [[0, 2000]], "di": [[0, 2000]], "ir": [[0, 1000]], "hr": [[0, 1000]]}')
    a = p.parse_args()
    spans = json.loads(a.map)
    ctx = CountingContext(
        **{k: block(spans.get(k, [])) for k in ("co", "di", "ir", "hr")}, zero_mode=True
    )
    CountingContext.counter = a.count_reads
    units = a.unit or [1]
    context = ModbusServerContext(slaves={u: ctx for u in units}, single=False)
    if a.rtu:
        server = await StartAsyncSerialServer(
            context, framer=ModbusRtuFramer, port=a.rtu, baudrate=a.baud, defer_start=True,
            ignore_missing_slaves=True,
        )
    elif a.rtu_over_tcp:
        server = await StartAsyncTcpServer(
            context, address=("127.0.0.1", 0), framer=ModbusRtuFramer, defer_start=True,
            ignore_missing_slaves=True,
        )
    else:
        server = await StartAsyncTcpServer(
            context, address=("127.0.0.1", 0), defer_start=True, ignore_missing_slaves=True
        )
    if a.rtu:
        await server.start()
    task = asyncio.create_task(server.serve_forever())
    if a.rtu:
        port = 0
    else:
        await server.serving
        port = server.server.sockets[0].getsockname()[1]
    print(f"ready {port}", flush=True)
    await asyncio.gather(task, commands(ctx))


asyncio.run(main())
