/**
 * Anti-replay window over a device's batch sequence numbers (as IPsec's): the highest number seen
 * and a 64-bit bitmap of the 64 numbers below it. A number seen before, or older than the window,
 * is a redelivery. Out-of-order arrival within 64 batches (several server instances sharing the
 * stream) is accepted.
 *
 * Late batches (a gateway's outbox replayed after an outage, `late: true`) carry numbers far below
 * the live ones, which keep coming meanwhile. They pass a second window of their own, kept over the
 * late numbers only (the outbox replays in seq order, at most 32 unconfirmed): a late batch older
 * than the live window is judged by the late window, a newer one by the live window. A batch the
 * gateway sent live before an outage and sends again late afterwards is therefore recognised by the
 * live window (the gateway sends those first, before any new batch).
 */
export const WINDOW_SIZE = 64;
/** Bits of the late window: a replay re-sent after a stall may be this far behind its newest. */
export const LATE_WINDOW_SIZE = 1024;

interface Bitmap {
  /** -1 before the first batch. */
  high: number;
  bits: bigint;
}

export interface SeqWindow extends Bitmap {
  /** The late numbers' window; absent until the first late batch. */
  late?: Bitmap;
}

const maskOf = (size: number) => (1n << BigInt(size)) - 1n;

/** A window from its cursor row: `window` is `<live hex>` or `<live hex>/<late high>/<late hex>`. */
export function parseWindow(high: number, text: string): SeqWindow {
  const [live = '0', lateHigh, lateHex] = text.split('/');
  const w: SeqWindow = { high, bits: BigInt(`0x${live || '0'}`) & maskOf(WINDOW_SIZE) };
  if (lateHigh !== undefined && lateHex !== undefined)
    w.late = { high: Number(lateHigh), bits: BigInt(`0x${lateHex || '0'}`) & maskOf(LATE_WINDOW_SIZE) };
  return w;
}

/** The cursor row's `window` text of `w` (as parseWindow reads it). */
export function windowHex(w: SeqWindow): string {
  const live = w.bits.toString(16).padStart(16, '0');
  return w.late ? `${live}/${w.late.high}/${w.late.bits.toString(16)}` : live;
}

/** Whether `seq` is new to the bitmap (older than its range counts as seen); marks it when `mark`. */
function admit(w: Bitmap, seq: number, size: number, mark: boolean): boolean {
  if (seq > w.high) {
    if (!mark) return true;
    const shift = seq - w.high;
    if (w.high < 0 || shift > size) w.bits = 0n;
    else w.bits = ((w.bits << BigInt(shift)) | (1n << BigInt(shift - 1))) & maskOf(size);
    w.high = seq;
    return true;
  }
  const d = w.high - seq;
  if (d === 0 || d > size) return false;
  const bit = 1n << BigInt(d - 1);
  if (w.bits & bit) return false;
  if (mark) w.bits |= bit;
  return true;
}

/** True (and the window updated) when `seq` is new; false for a redelivered batch. */
export function acceptSeq(w: SeqWindow, seq: number, late = false): boolean {
  if (!late) return admit(w, seq, WINDOW_SIZE, true);
  const lw = w.late ?? { high: -1, bits: 0n };
  w.late = lw;
  // Older than the live window: only the late window knows.
  if (seq < w.high - WINDOW_SIZE) return admit(lw, seq, LATE_WINDOW_SIZE, true);
  if (!admit(w, seq, WINDOW_SIZE, true)) return false;
  // Remembered for when the live window has moved past it, without moving the late window's high (a
  // batch the gateway resends first after a reconnect may be far newer than its replay).
  if (seq < lw.high) admit(lw, seq, LATE_WINDOW_SIZE, true);
  return true;
}
