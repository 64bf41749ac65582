/**
 * The relay's browser socket (`/v1/vnc/ws`) as noVNC's raw channel. The socket authenticates in its
 * first message (token and session id, never in the URL); afterwards binary frames carry RFB and text
 * frames the session's status (`ready`, `usage`, `mode`, `takeover`, `end`). noVNC must only see the
 * RFB bytes, so this object stands between them: it has the properties noVNC's `Websock.attach`
 * checks (`send`, `close`, `binaryType`, `onopen`, `onmessage`, `onerror`, `protocol`, `readyState`)
 * and hands it binary frames only, while text frames go to `onStatus`. When the relay says the HMI's
 * stream is deflated (`stream` status; offered in `auth` where the browser has DecompressionStream),
 * the binary frames go through one inflater for the session before noVNC sees them. The channel
 * counts the bytes as they crossed the link and the frames noVNC drew, for the live rates.
 */
import {
  vncEndReasonOf,
  vncServerMessage,
  type VncClientMessage,
  type VncEndReason,
  type VncServerMessage,
} from '@hmi/contract';

const OPEN = 1;

export interface ChannelEnd {
  /** Why the relay ended the session: its `end` message, else its close code; null when unknown. */
  reason: VncEndReason | null;
  code: number;
  /** What the relay's `end` message said; null when the socket closed without one. */
  bytes: number | null;
  durationS: number | null;
}

export interface ChannelHandlers {
  onStatus(msg: VncServerMessage): void;
  onClosed(end: ChannelEnd): void;
}

/** The slice of the browser's WebSocket the channel uses (tests may pass another implementation). */
export type SocketFactory = (url: string) => WebSocket;

export class RemoteChannel {
  // Own properties, as noVNC's attach() looks them up by name.
  binaryType: BinaryType = 'arraybuffer';
  protocol = '';
  onopen: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  private receiver: ((e: MessageEvent<ArrayBuffer>) => void) | null = null;
  /** RFB that arrived before noVNC attached (normally none: the device dials in after `ready`). */
  private readonly pending: ArrayBuffer[] = [];
  private endMessage: Extract<VncServerMessage, { type: 'end' }> | null = null;
  private inflater: WritableStreamDefaultWriter<BufferSource> | null = null;
  /** Bytes of RFB received as they crossed the link (compressed when the stream is). */
  wireBytes = 0;
  /** Screen updates noVNC has drawn (`countFrame`). */
  frames = 0;

  constructor(
    private readonly ws: WebSocket,
    handlers: ChannelHandlers,
  ) {
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (e: MessageEvent<unknown>) => {
      if (typeof e.data === 'string') {
        const msg = vncServerMessage.safeParse(parseJson(e.data));
        if (!msg.success) return;
        if (msg.data.type === 'end') this.endMessage = msg.data;
        if (msg.data.type === 'stream' && msg.data.compress === 'deflate') this.inflate();
        handlers.onStatus(msg.data);
      } else if (e.data instanceof ArrayBuffer) {
        this.wireBytes += e.data.byteLength;
        if (this.inflater) this.inflater.write(new Uint8Array(e.data)).catch(() => this.close());
        else this.deliver(e.data);
      }
    };
    ws.onerror = (e) => this.onerror?.(e);
    ws.onclose = (e) => {
      this.onclose?.(e);
      const end = this.endMessage;
      handlers.onClosed({
        reason: end?.reason ?? vncEndReasonOf(e.code),
        code: e.code,
        bytes: end?.bytes ?? null,
        durationS: end?.duration_s ?? null,
      });
    };
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  get onmessage(): ((e: MessageEvent<ArrayBuffer>) => void) | null {
    return this.receiver;
  }

  /** noVNC sets its receiver while attaching; what came before is handed over once it is set up. */
  set onmessage(fn: ((e: MessageEvent<ArrayBuffer>) => void) | null) {
    this.receiver = fn;
    if (fn && this.pending.length)
      queueMicrotask(() => {
        for (const data of this.pending.splice(0)) this.deliver(data);
      });
  }

  /** RFB from noVNC to the HMI. */
  send(data: ArrayBufferLike | ArrayBufferView): void {
    if (this.ws.readyState === OPEN) this.ws.send(data as ArrayBuffer);
  }

  /** noVNC's disconnect: the relay ends the session as ended by the user. */
  close(): void {
    this.ws.close(1000);
  }

  /** A control message of the session (take-over answer, end). */
  control(msg: VncClientMessage): void {
    if (this.ws.readyState === OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** noVNC finished drawing one screen update. */
  countFrame(): void {
    this.frames += 1;
  }

  /** From here on the binary frames are one raw deflate stream, each frame ending in a sync flush. */
  private inflate(): void {
    const stream = new DecompressionStream('deflate-raw');
    this.inflater = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    const pump = async (): Promise<void> => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        this.deliver(
          value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer,
        );
      }
    };
    // A stream that does not inflate is not RFB: the session ends.
    pump().catch(() => this.close());
  }

  private deliver(data: ArrayBuffer): void {
    if (this.receiver && !this.pending.length) this.receiver(new MessageEvent('message', { data }));
    else this.pending.push(data);
  }
}

/**
 * Opens the relay socket and authenticates as its first message. The relay answers `ready` (through
 * `onStatus`) once the session is joined; a refusal or failure arrives as `onClosed`.
 */
export function openRemoteChannel(
  url: string,
  auth: { token: string; session: string },
  handlers: ChannelHandlers,
  createSocket: SocketFactory = (u) => new WebSocket(u),
): RemoteChannel {
  const ws = createSocket(url);
  const channel = new RemoteChannel(ws, handlers);
  // Browsers without DecompressionStream get the HMI's bytes plain.
  const compress = typeof DecompressionStream === 'function' ? ['deflate'] : undefined;
  ws.onopen = () => channel.control({ type: 'auth', token: auth.token, session: auth.session, compress });
  return channel;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
