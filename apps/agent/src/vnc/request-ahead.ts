/**
 * Keeps a FramebufferUpdateRequest outstanding at a VNC server that has no ContinuousUpdates, so the
 * screen's changes leave the device as they happen instead of one per browser round trip (noVNC asks
 * for the next update only when the last one has arrived: at 150 ms that is ~6 frames a second).
 *
 * Why no encoding parser is needed: the agent cannot find where a FramebufferUpdate ends in the
 * server's stream without decoding every encoding, but it does not have to. RFB servers (TigerVNC,
 * libvncserver, the HMIs' own) keep one requested region per client and merge requests into it; an
 * update clears it. So an incremental request sent whenever the server has just sent something is
 * either merged into the one still pending (harmless) or re-arms the region the last update cleared.
 * Incremental means only changed pixels: nothing the browser already has is sent again. noVNC takes
 * every FramebufferUpdate it is sent, asked for or not, and answers each with a request of its own,
 * which the server merges too. The requests go only into the client-to-server stream, at message
 * boundaries (the browser's messages are followed by type and length; the handshake by its phases),
 * copying the browser's last request's area with incremental set.
 *
 * It stands aside for good when the stream is not followable (RFB 3.3, a security type other than
 * None or VNC authentication, an unknown message), and while the browser has ContinuousUpdates on
 * (the server then streams by itself). Bounded: at most one request per `minGapMs`, and none while
 * the tunnel towards the relay has more than a little queued (`canSend`), so on a slow link the flow
 * falls back to the browser's own pace instead of filling buffers. A server that answers every
 * request at once with an empty update when nothing changed (simple embedded ones do) would bounce
 * requests back and forth: after an empty update nothing is asked until the browser asks.
 */
const REQUEST = 3;
const REQUEST_BYTES = 10;
const CONTINUOUS = 150;
/** Bytes of a client message needed to know its length (and, for 3 and 150, to read it). */
const HEADER: Record<number, number> = {
  0: 1,
  2: 4,
  3: 10,
  4: 1,
  5: 1,
  6: 8,
  150: 10,
  248: 9,
  250: 1,
  251: 8,
  255: 2,
};
const FIXED: Record<number, number> = { 0: 20, 3: 10, 4: 8, 5: 6, 150: 10, 250: 4 };
const SECURITY_NONE = 1;
const SECURITY_VNC_AUTH = 2;
const VNC_AUTH_RESPONSE = 16;
/** Default floor between two requests of the agent's own (at most 50 a second). */
export const REQUEST_AHEAD_GAP_MS = 20;

type Phase = 'version' | 'security' | 'auth' | 'init' | 'messages' | 'off';

export interface RequestAheadOptions {
  /** Writes a request into the stream towards the VNC server. */
  write(request: Buffer): void;
  /** Whether the way to the browser is clear enough to ask for more. */
  canSend(): boolean;
  minGapMs?: number;
}

export class RequestAhead {
  private phase: Phase = 'version';
  /** The start of the browser's current message (a few bytes at most: only headers are kept). */
  private head: Buffer = Buffer.alloc(0);
  /** Bytes of the browser's current message still to pass after its header. */
  private skip = 0;
  private request: Buffer | null = null;
  private continuous = false;
  /** The server answered with an empty update: nothing asked until the browser asks again. */
  private quiet = false;
  private lastAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  /** Requests the agent wrote of its own (tests, diagnostics). */
  sent = 0;

  constructor(private readonly o: RequestAheadOptions) {}

  /** Whether the agent may still add requests (false for good once the stream was not followable). */
  get following(): boolean {
    return this.phase !== 'off';
  }

  /** Follows bytes the browser sent towards the VNC server (call before writing them on). */
  fromViewer(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && this.phase !== 'off') {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const want = this.need();
      const take = Math.min(want - this.head.length, chunk.length - at);
      this.head = Buffer.concat([this.head, chunk.subarray(at, at + take)]);
      at += take;
      if (this.head.length === want) this.step();
    }
  }

  /** The VNC server sent `chunk`: ask for the next update now, or as soon as the gap allows. */
  serverSent(chunk: Buffer): void {
    // A read that is exactly an empty FramebufferUpdate: this server answers every request at once,
    // changed or not; asking ahead would only bounce empty updates, so wait for the browser's next.
    if (chunk.length === 4 && chunk[0] === 0 && chunk.readUInt16BE(2) === 0) this.quiet = true;
    if (!this.ready() || this.timer) return;
    const wait = this.lastAt + (this.o.minGapMs ?? REQUEST_AHEAD_GAP_MS) - Date.now();
    if (wait <= 0) return this.send();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.ready()) this.send();
    }, wait);
  }

  stop(): void {
    this.phase = 'off';
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private ready(): boolean {
    const between = this.head.length === 0 && this.skip === 0;
    return this.phase === 'messages' && this.request !== null && !this.continuous && !this.quiet && between;
  }

  private send(): void {
    if (!this.request || !this.o.canSend()) return;
    this.lastAt = Date.now();
    this.sent += 1;
    this.o.write(this.request);
  }

  /** Bytes of the current unit to collect before `step` can read it. */
  private need(): number {
    switch (this.phase) {
      case 'version':
        return 12;
      case 'auth':
        return VNC_AUTH_RESPONSE;
      case 'messages':
        return this.head.length === 0 ? 1 : (HEADER[this.head[0] as number] ?? 1);
      default:
        return 1;
    }
  }

  private step(): void {
    const h = this.head;
    this.head = Buffer.alloc(0);
    switch (this.phase) {
      case 'version':
        // RFB 3.3: the server picks the security type, in a stream this side does not read.
        this.phase = /^RFB 003\.00[78]\n$/.test(h.toString('latin1')) ? 'security' : 'off';
        return;
      case 'security':
        this.phase = h[0] === SECURITY_NONE ? 'init' : h[0] === SECURITY_VNC_AUTH ? 'auth' : 'off';
        return;
      case 'auth':
        this.phase = 'init';
        return;
      case 'init':
        this.phase = 'messages';
        return;
      case 'messages':
        return this.message(h);
    }
  }

  private message(h: Buffer): void {
    const type = h[0] as number;
    const header = HEADER[type];
    if (header === undefined) return this.stop();
    if (h.length < header) {
      this.head = h;
      return;
    }
    const length = this.lengthOf(type, h);
    if (length === null) return this.stop();
    if (type === REQUEST) {
      this.request = Buffer.from(h.subarray(0, REQUEST_BYTES));
      this.request[1] = 1;
      this.quiet = false;
    }
    if (type === CONTINUOUS) this.continuous = h[1] !== 0;
    this.skip = length - h.length;
  }

  private lengthOf(type: number, h: Buffer): number | null {
    const fixed = FIXED[type];
    if (fixed !== undefined) return fixed;
    if (type === 2) return 4 + 4 * h.readUInt16BE(2);
    // A negative cut-text length is the Extended Clipboard format: its size is the absolute value.
    if (type === 6) return 8 + Math.abs(h.readInt32BE(4));
    if (type === 248) return 9 + (h[8] as number);
    if (type === 251) return 8 + 16 * (h[6] as number);
    // QEMU: only the extended key event (subtype 0) is known.
    if (type === 255) return h[1] === 0 ? 12 : null;
    return null;
  }
}
