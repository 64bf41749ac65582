/**
 * Anti-replay window over a device's batch sequence numbers (as IPsec's): the highest number seen
 * and a 64-bit bitmap of the 64 numbers below it. A number seen before, or older than the window,
 * is a redelivery. Out-of-order arrival within 64 batches (several server instances sharing the
 * stream) is accepted.
 */
export const WINDOW_SIZE = 64;
const MASK = (1n << 64n) - 1n;

export interface SeqWindow {
  /** -1 before the first batch. */
  high: number;
  bits: bigint;
}

export function parseWindow(high: number, hex: string): SeqWindow {
  return { high, bits: BigInt(`0x${hex || '0'}`) & MASK };
}

export function windowHex(w: SeqWindow): string {
  return w.bits.toString(16).padStart(16, '0');
}

/** True (and the window updated) when `seq` is new; false for a redelivered batch. */
export function acceptSeq(w: SeqWindow, seq: number): boolean {
  if (seq > w.high) {
    const shift = seq - w.high;
    if (w.high < 0 || shift > WINDOW_SIZE) w.bits = 0n;
    else w.bits = ((w.bits << BigInt(shift)) | (1n << BigInt(shift - 1))) & MASK;
    w.high = seq;
    return true;
  }
  const d = w.high - seq;
  if (d === 0 || d > WINDOW_SIZE) return false;
  const bit = 1n << BigInt(d - 1);
  if (w.bits & bit) return false;
  w.bits |= bit;
  return true;
}
