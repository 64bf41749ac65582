import { PASSTHROUGH_CLOSE, type PassthroughEndReason, type PassthroughServerMessage } from '@hmi/contract';
import type { WebSocket } from 'ws';
import { messageBytes } from '../../platform/tunnel/link';
import { TunnelSession, type TunnelSessionInit } from '../../platform/tunnel/session';

export interface PassSessionInit extends TunnelSessionInit<PassthroughEndReason, PassSession> {
  target: string;
}

/**
 * One pass-through session: the engineer's client socket and the gateway's tunnel (the shared
 * TunnelSession: piped with backpressure, metered, ended with a distinct close code), carried as
 * opaque binary frames: the multiplexed stream is the two ends' business.
 */
export class PassSession extends TunnelSession<PassthroughEndReason, PassthroughServerMessage> {
  constructor(override readonly o: PassSessionInit) {
    super(o, PASSTHROUGH_CLOSE);
  }

  /** The gateway's tunnel joins (`raw`: its agent carries the stream unframed after `ready`). */
  async attachDevice(ws: WebSocket, raw: boolean): Promise<void> {
    const client = this.client;
    if (!client) return;
    const link = this.attachLink(ws, { type: 'ready' }, raw);
    link.onData((chunk) => this.toClient(chunk));
    client.on('message', (data, isBinary) => {
      if (isBinary) this.toDevice(messageBytes(data));
    });
    const remaining = await this.o.remaining().catch(() => null);
    this.status({
      type: 'ready',
      target: this.o.target,
      ends_at: Math.floor(this.o.endsAt / 1000),
      remaining_bytes: remaining,
    });
  }

  /** Nothing of its own to check: the maximum duration and the traffic are the tunnel's. */
  protected checkTick(): boolean {
    return false;
  }
}
