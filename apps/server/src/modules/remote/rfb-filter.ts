/**
 * Follows the browser-to-HMI half of an RFB stream so that a view-only watcher's input can be dropped
 * at the relay (noVNC's viewOnly flag is only a courtesy of the client). The handshake is passed as
 * it comes; ClientInit's shared flag is forced on so a watcher never disconnects the other viewers;
 * after it, whole client messages are recognised by type and length, and key, pointer and cut-text
 * messages (and the extensions' keys, desktop resizes and xvp) are dropped when input is off. The
 * extensions noVNC uses with a real VNC server (TigerVNC announces them) are followed: continuous
 * updates, fences, Extended Clipboard, QEMU key events. Anything unparseable ends the session (`null`).
 *
 * RFB 3.3 lets the server pick the security type, so the filter also reads the start of the
 * HMI-to-browser half (`fromServer`) to learn whether a 16-byte VNC authentication response follows.
 */

const CLIENT_MESSAGE_FIXED: Record<number, number> = {
  0: 20, // SetPixelFormat
  3: 10, // FramebufferUpdateRequest
  4: 8, // KeyEvent
  5: 6, // PointerEvent
  // Extensions a client uses once the server announces them (TigerVNC's Xvnc does, and noVNC answers).
  150: 10, // EnableContinuousUpdates
  250: 4, // xvp (shut down, reboot or reset the remote machine)
};
const SET_ENCODINGS = 2;
const CLIENT_CUT_TEXT = 6;
const CLIENT_FENCE = 248;
const FENCE_PAYLOAD_MAX = 64;
const SET_DESKTOP_SIZE = 251;
/** QEMU client message; subtype 0 is the extended key event (key with its scancode). */
const QEMU = 255;
const QEMU_KEY_EVENT_BYTES = 12;
/** What a watcher may not send: keys, pointer, cut text, and changes to the remote machine. */
const INPUT_TYPES = new Set([4, 5, CLIENT_CUT_TEXT, 250, SET_DESKTOP_SIZE, QEMU]);
/** Longest cut text passed on (a watcher's never is); larger ones end the session. */
export const CUT_TEXT_MAX = 64 * 1024;
const ENCODINGS_MAX = 256;
const VNC_AUTH = 2;

type Phase = 'version' | 'security' | 'auth' | 'init' | 'messages';

export class RfbClientFilter {
  private phase: Phase = 'version';
  private pending: Buffer = Buffer.alloc(0);
  private version = '';
  private serverHead: Buffer = Buffer.alloc(0);
  private security: number | null = null;
  /** Input messages (keys, pointer, cut text…) seen so far, passed or dropped: the user is there. */
  inputs = 0;

  constructor(public allowInput: boolean) {}

  /** Whether the server's first bytes are still wanted (`fromServer`). */
  get wantsServerHead(): boolean {
    return this.serverHead.length < 16;
  }

  /** Watches the server's first bytes (version and, for 3.3, the security type it chose). */
  fromServer(chunk: Buffer): void {
    if (this.serverHead.length >= 16) return;
    this.serverHead = Buffer.concat([this.serverHead, chunk]).subarray(0, 16);
  }

  /** What of `chunk` may go on to the HMI; null when the stream is not valid RFB. */
  fromClient(chunk: Buffer): Buffer | null {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      const step = this.next();
      if (step === 'invalid') return null;
      if (step === 'wait') break;
      if (step.pass) out.push(step.bytes);
      this.pending = this.pending.subarray(step.bytes.length);
    }
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  private next(): { bytes: Buffer; pass: boolean } | 'wait' | 'invalid' {
    const p = this.pending;
    switch (this.phase) {
      case 'version': {
        if (p.length < 12) return 'wait';
        this.version = p.subarray(0, 12).toString('latin1');
        if (!/^RFB 003\.\d{3}\n$/.test(this.version)) return 'invalid';
        this.phase = this.version === 'RFB 003.003\n' ? 'auth' : 'security';
        return { bytes: p.subarray(0, 12), pass: true };
      }
      case 'security': {
        if (p.length < 1) return 'wait';
        this.security = p[0] as number;
        // Other types (Tight, VeNCrypt, …) carry messages of their own that this filter cannot follow.
        if (this.security !== 1 && this.security !== VNC_AUTH) return 'invalid';
        this.phase = 'auth';
        return { bytes: p.subarray(0, 1), pass: true };
      }
      case 'auth': {
        const security = this.security ?? this.serverChosenSecurity();
        if (security === null) return 'wait';
        this.security = security;
        this.phase = 'init';
        if (security !== VNC_AUTH) return { bytes: Buffer.alloc(0), pass: true };
        if (p.length < 16) {
          this.phase = 'auth';
          return 'wait';
        }
        return { bytes: p.subarray(0, 16), pass: true };
      }
      case 'init': {
        if (p.length < 1) return 'wait';
        this.phase = 'messages';
        return { bytes: Buffer.from([1]), pass: true };
      }
      case 'messages':
        return this.message(p);
    }
  }

  /** RFB 3.3: the server's 4-byte security type after its 12-byte version. */
  private serverChosenSecurity(): number | null {
    if (this.serverHead.length < 16) return null;
    return this.serverHead.readUInt32BE(12);
  }

  private message(p: Buffer): { bytes: Buffer; pass: boolean } | 'wait' | 'invalid' {
    if (p.length < 1) return 'wait';
    const type = p[0] as number;
    let length = CLIENT_MESSAGE_FIXED[type];
    if (type === SET_ENCODINGS) {
      if (p.length < 4) return 'wait';
      const count = p.readUInt16BE(2);
      if (count > ENCODINGS_MAX) return 'invalid';
      length = 4 + 4 * count;
    } else if (type === CLIENT_CUT_TEXT) {
      if (p.length < 8) return 'wait';
      // A negative length is the Extended Clipboard format (its capabilities, requests, data).
      const size = Math.abs(p.readInt32BE(4));
      if (size > CUT_TEXT_MAX) return 'invalid';
      length = 8 + size;
    } else if (type === CLIENT_FENCE) {
      if (p.length < 9) return 'wait';
      const size = p[8] as number;
      if (size > FENCE_PAYLOAD_MAX) return 'invalid';
      length = 9 + size;
    } else if (type === SET_DESKTOP_SIZE) {
      if (p.length < 8) return 'wait';
      length = 8 + 16 * (p[6] as number);
    } else if (type === QEMU) {
      if (p.length < 2) return 'wait';
      if (p[1] !== 0) return 'invalid';
      length = QEMU_KEY_EVENT_BYTES;
    }
    if (length === undefined) return 'invalid';
    if (p.length < length) return 'wait';
    const input = INPUT_TYPES.has(type);
    if (input) this.inputs += 1;
    return { bytes: p.subarray(0, length), pass: this.allowInput || !input };
  }
}
