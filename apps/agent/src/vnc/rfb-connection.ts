import type { Duplex } from 'node:stream';
import type { Framebuffer } from './framebuffer';
import { drained, ENCODING_RAW, ENCODING_ZLIB, framebufferUpdate, u32, ZlibStream } from './rfb-encode';
import {
  pixelFormatProblem,
  readPixelFormat,
  SERVER_FORMAT,
  writePixelFormat,
  type PixelFormat,
} from './pixel-format';
import { contains, DirtyRegion, intersect, isEmpty, union, type Rect } from './rects';
import {
  END_OF_CONTINUOUS_UPDATES,
  ENABLE_CONTINUOUS_UPDATES_BYTES,
  extensionsOf,
  FENCE_REQUEST,
  fenceMessage,
  MSG_CONTINUOUS_UPDATES,
  MSG_FENCE,
  readClientFence,
  readEnableContinuous,
} from './rfb-extensions';
import { checkVncResponse, newChallenge } from './vnc-auth';

/** What an RFB connection shows and where its input goes. */
export interface RfbScreen {
  readonly fb: Framebuffer;
  readonly name: string;
  /** RFB PointerEvent: `buttons` is the mask of pressed buttons (bit 0 the left one). */
  pointer(x: number, y: number, buttons: number): void;
  key(down: boolean, keysym: number): void;
}

/** Longest ClientCutText accepted (the text is discarded; a longer one closes the connection). */
export const CUT_TEXT_MAX = 64 * 1024;
/** Most encodings one SetEncodings may list (real clients send a few dozen). */
export const ENCODINGS_MAX = 256;

const SEC_NONE = 1;
const SEC_VNC = 2;
type Phase = 'version' | 'security' | 'auth' | 'init' | 'normal' | 'closed';

/**
 * The server side of one RFB 3.8 client (3.3 and 3.7 accepted): handshake with security None or
 * VNC Authentication, then updates on request. A non-incremental request is answered at once in
 * full; an incremental one waits until part of its area changes and gets only the changed
 * rectangles. With ContinuousUpdates enabled (rfb-extensions.ts) the enabled area stays requested:
 * changes go out as they happen, without a request and so without the client's round trip. One
 * update is in flight at a time and the next waits for the socket to drain (changes meanwhile are
 * merged), so a slow link gets fewer, larger updates and a client that stops reading costs one
 * update of memory. Malformed or oversized input closes it.
 */
export class RfbConnection {
  private phase: Phase = 'version';
  private input: Buffer = Buffer.alloc(0);
  private minor = 8;
  private challenge: Buffer | null = null;
  private pf: PixelFormat = SERVER_FORMAT;
  private zlib: ZlibStream | null = null;
  private useZlib = false;
  private readonly dirty = new DirtyRegion();
  /** The area of pending requests, and the part of it asked for in full (non-incremental). */
  private wanted: Rect | null = null;
  private full: Rect | null = null;
  /** The area of enabled continuous updates. */
  private continuous: Rect | null = null;
  private announced = { continuous: false, fence: false };
  /** Fence answers waiting for the update being encoded (a fence orders against earlier output). */
  private fences: Buffer[] = [];
  private busy = false;
  private scheduled = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly socket: Duplex,
    private readonly screen: RfbScreen,
    private readonly password: string | null,
    private readonly hooks: {
      closed(c: RfbConnection): void;
      /** The client asked for the screen alone (ClientInit shared-flag 0): others are closed. */
      exclusive(c: RfbConnection): void;
    },
  ) {
    this.unsubscribe = screen.fb.onDirty((r) => {
      this.dirty.add(r);
      if (this.wanted) this.schedule();
    });
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
    socket.on('end', () => this.close(true));
    socket.write('RFB 003.008\n');
  }

  get closed(): boolean {
    return this.phase === 'closed';
  }

  /** Closes; `flush` lets what was written (a SecurityResult) reach the client first. */
  close(flush = false): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    this.unsubscribe();
    this.zlib?.close();
    if (flush) this.socket.end();
    else this.socket.destroy();
    this.hooks.closed(this);
  }

  private receive(chunk: Buffer): void {
    if (this.phase === 'closed') return;
    this.input = this.input.length ? Buffer.concat([this.input, chunk]) : chunk;
    for (let used = this.step(); used > 0 && !this.closed; used = this.step())
      this.input = this.input.subarray(used);
  }

  /** Handles one complete message at the head of the input; the bytes it used, 0 when incomplete. */
  private step(): number {
    const b = this.input;
    switch (this.phase) {
      case 'version':
        return b.length < 12 ? 0 : this.version(b.subarray(0, 12).toString('latin1'));
      case 'security':
        return b.length < 1 ? 0 : this.security(b.readUInt8(0));
      case 'auth':
        return b.length < 16 ? 0 : this.auth(b.subarray(0, 16));
      case 'init':
        return b.length < 1 ? 0 : this.init(b.readUInt8(0) !== 0);
      case 'normal':
        return b.length < 1 ? 0 : this.message(b);
      default:
        return 0;
    }
  }

  private version(text: string): number {
    const m = /^RFB (\d{3})\.(\d{3})\n$/.exec(text);
    if (!m || Number(m[1]) !== 3) return this.fail();
    const minor = Number(m[2]);
    // 3.8 and later (e.g. 3.889) speak 3.8; 3.4-3.6 do not exist and fall back to 3.3.
    this.minor = minor >= 8 ? 8 : minor === 7 ? 7 : 3;
    const type = this.password === null ? SEC_NONE : SEC_VNC;
    if (this.minor === 3) {
      this.write(u32(type));
      this.afterSecurityChosen(type);
    } else {
      this.write(Buffer.from([1, type]));
      this.phase = 'security';
    }
    return 12;
  }

  private security(type: number): number {
    const offered = this.password === null ? SEC_NONE : SEC_VNC;
    if (type !== offered) return this.securityFailed('security type not offered');
    this.afterSecurityChosen(type);
    return 1;
  }

  private afterSecurityChosen(type: number): void {
    if (type === SEC_VNC) {
      this.challenge = newChallenge();
      this.write(this.challenge);
      this.phase = 'auth';
      return;
    }
    if (this.minor === 8) this.write(u32(0));
    this.phase = 'init';
  }

  private auth(response: Buffer): number {
    const ok = this.challenge !== null && checkVncResponse(this.password ?? '', this.challenge, response);
    if (!ok) return this.securityFailed('authentication failed');
    this.write(u32(0));
    this.phase = 'init';
    return 16;
  }

  /** SecurityResult failed (with its reason from 3.8 on), then closes. */
  private securityFailed(reason: string): number {
    const text = Buffer.from(reason, 'latin1');
    this.write(this.minor === 8 ? Buffer.concat([u32(1), u32(text.length), text]) : u32(1));
    this.close(true);
    return 0;
  }

  private init(shared: boolean): number {
    const { fb, name } = this.screen;
    const nameBytes = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(4);
    head.writeUInt16BE(fb.width, 0);
    head.writeUInt16BE(fb.height, 2);
    this.write(Buffer.concat([head, writePixelFormat(SERVER_FORMAT), u32(nameBytes.length), nameBytes]));
    this.phase = 'normal';
    if (!shared) this.hooks.exclusive(this);
    return 1;
  }

  private message(b: Buffer): number {
    const type = b.readUInt8(0);
    switch (type) {
      case 0: {
        if (b.length < 20) return 0;
        const pf = readPixelFormat(b, 4);
        if (pixelFormatProblem(pf)) return this.fail();
        this.pf = pf;
        return 20;
      }
      case 2: {
        if (b.length < 4) return 0;
        const n = b.readUInt16BE(2);
        if (n > ENCODINGS_MAX) return this.fail();
        if (b.length < 4 + 4 * n) return 0;
        const list = Array.from({ length: n }, (_, i) => b.readInt32BE(4 + 4 * i));
        // The first of the client's preferred encodings we have; Raw is always allowed.
        this.useZlib = list.find((e) => e === ENCODING_RAW || e === ENCODING_ZLIB) === ENCODING_ZLIB;
        if (this.useZlib && !this.zlib) this.zlib = new ZlibStream();
        this.announce(extensionsOf(list));
        return 4 + 4 * n;
      }
      case 3: {
        if (b.length < 10) return 0;
        const area = intersect(
          { x: b.readUInt16BE(2), y: b.readUInt16BE(4), w: b.readUInt16BE(6), h: b.readUInt16BE(8) },
          this.screen.fb.bounds,
        );
        this.request(b.readUInt8(1) !== 0, area);
        return 10;
      }
      case 4:
        if (b.length < 8) return 0;
        this.screen.key(b.readUInt8(1) !== 0, b.readUInt32BE(4));
        return 8;
      case 5:
        if (b.length < 6) return 0;
        this.screen.pointer(b.readUInt16BE(2), b.readUInt16BE(4), b.readUInt8(1));
        return 6;
      case 6: {
        if (b.length < 8) return 0;
        const len = b.readUInt32BE(4);
        if (len > CUT_TEXT_MAX) return this.fail();
        return b.length < 8 + len ? 0 : 8 + len;
      }
      case MSG_CONTINUOUS_UPDATES: {
        const m = readEnableContinuous(b);
        if (!m) return 0;
        this.continuous = m.enable ? intersect(m.area, this.screen.fb.bounds) : null;
        if (this.continuous) this.request(true, this.continuous);
        else this.write(END_OF_CONTINUOUS_UPDATES);
        return ENABLE_CONTINUOUS_UPDATES_BYTES;
      }
      case MSG_FENCE: {
        const f = readClientFence(b);
        if (f === 'invalid') return this.fail();
        if (!f) return 0;
        if (f.answer && this.busy) this.fences.push(f.answer);
        else if (f.answer) this.write(f.answer);
        return f.length;
      }
      default:
        return this.fail();
    }
  }

  /** Tells a client announcing the extensions that this server has them (once each). */
  private announce(ext: { continuous: boolean; fence: boolean }): void {
    if (ext.fence && !this.announced.fence) this.write(fenceMessage(FENCE_REQUEST));
    if (ext.continuous && !this.announced.continuous) this.write(END_OF_CONTINUOUS_UPDATES);
    this.announced = {
      continuous: this.announced.continuous || ext.continuous,
      fence: this.announced.fence || ext.fence,
    };
  }

  private request(incremental: boolean, area: Rect): void {
    this.wanted = this.wanted ? union(this.wanted, area) : area;
    if (!incremental) this.full = this.full ? union(this.full, area) : area;
    this.schedule();
  }

  /** Sends on the next turn, so the rectangles of one redraw (or several requests) go in one update. */
  private schedule(): void {
    if (this.scheduled || this.busy) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.busy || !this.wanted || this.phase !== 'normal') return;
    const full = this.full;
    if (full) this.dirty.drop(full);
    const changed = this.dirty.take(this.wanted);
    const rects = (full ? [full, ...changed.filter((r) => !contains(full, r))] : changed).filter(
      (r) => !isEmpty(r),
    );
    if (!full && !rects.length) return; // held until something in the area changes
    this.wanted = this.continuous;
    this.full = null;
    this.busy = true;
    try {
      const msg = await framebufferUpdate(this.screen.fb, rects, this.pf, this.useZlib ? this.zlib : null);
      if (this.closed) return;
      if (!this.socket.write(msg)) await drained(this.socket);
    } catch {
      return this.close();
    }
    this.busy = false;
    for (const f of this.fences.splice(0)) this.write(f);
    if (this.wanted) this.schedule();
  }

  private write(b: Buffer): void {
    if (this.phase !== 'closed') this.socket.write(b);
  }

  /** Malformed or oversized input: the connection is closed without a word (RFB has none to say). */
  private fail(): number {
    this.close();
    return 0;
  }
}
