/**
 * An independent master for an RTU line: Debian's mbpoll (libmodbus, C) reading the same registers of
 * the same peer over the same line. mbpoll's own polling pauses at least 10 ms between polls (`-l` >
 * 10), so it runs once (`-1`) with the slave list `1,1,…,1`: one process then sends `polls` requests
 * back to back, each right after the previous answer. Its rate is taken at the line (serial-line.ts),
 * which leaves its start-up out.
 */
import { execFile } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Reads and drops what waits at `path`: the answer to a request the previous master (the gateway, its
 * template just emptied) sent before closing the port. On a pty it stays queued, and mbpoll would take
 * it for the answer to its first request and then run one answer ahead, sending each request while the
 * PLC still answers the last one.
 */
function discardWaiting(path: string): void {
  const fd = openSync(path, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
  const buffer = Buffer.alloc(256);
  try {
    while (readSync(fd, buffer) > 0);
  } catch {
    // EAGAIN: nothing (more) waits
  } finally {
    closeSync(fd);
  }
}

export async function runMbpoll(path: string, baud: number, registers: number, polls: number): Promise<void> {
  discardWaiting(path);
  const { stdout } = await run(
    'mbpoll',
    [
      ...['-m', 'rtu', '-b', String(baud), '-P', 'none', '-d', '8', '-s', '1'],
      ...['-a', Array.from({ length: polls }, () => '1').join(',')],
      ...['-t', '4', '-0', '-r', '0', '-c', String(registers), '-1', '-o', '1'],
      path,
      // a line of output a register: a long slice at 115,200 baud passes execFile's 1 MB default
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  const values = (stdout.match(/^\[\d+\]:/gm) ?? []).length;
  if (values !== polls * registers)
    throw new Error(`mbpoll: ${values} values for ${polls} polls of ${registers}:\n${stdout.slice(-400)}`);
}
