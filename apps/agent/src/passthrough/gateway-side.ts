import { connect as tcpConnect } from 'node:net';
import { Duplex } from 'node:stream';
import { PASSTHROUGH_UNKNOWN_TARGET, type Command } from '@hmi/contract';
import type { CommandResult } from '../link/device';
import { Tunnel } from '../vnc/tunnel';
import { Mux, MuxProtocolError } from './mux';

export type PassthroughCommand = Extract<Command, { type: 'passthrough' }>;
/** The gateway file's `passthrough`: target name → where it is on the machine network. */
export type PassthroughTargets = Record<string, { host: string; port: number }>;

/**
 * The tunnel's local side: the multiplexed stream, each channel the client opens dialled to the one
 * target of the session. Data written here comes from the relay; what is pushed goes to it.
 */
class MuxStream extends Duplex {
  readonly mux: Mux;

  constructor(target: { host: string; port: number }) {
    super();
    this.mux = new Mux({
      send: (f) => void this.push(f),
      dial: () => tcpConnect({ host: target.host, port: target.port }),
    });
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    try {
      this.mux.feed(chunk);
      done();
    } catch (err) {
      done(err instanceof MuxProtocolError ? err : new MuxProtocolError(String(err)));
    }
  }

  override _read(): void {
    // Frames are pushed as they are made; each channel's window bounds what waits here.
  }

  override _final(done: () => void): void {
    this.mux.closeAll();
    this.push(null);
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.mux.closeAll();
    done(err);
  }
}

/**
 * The gateway's open pass-through tunnels. A command names a target of the gateway's own file (never
 * a host); an unknown name is refused before anything is dialled. The tunnel is the remote view's
 * (vnc/tunnel.ts): ticket hello, `ready`, backpressure, closing both sides together.
 */
export class PassthroughTunnels {
  private readonly open = new Set<Tunnel>();

  constructor(private readonly targets: PassthroughTargets) {}

  get size(): number {
    return this.open.size;
  }

  async run(cmd: PassthroughCommand, sn: string): Promise<CommandResult> {
    const target = Object.hasOwn(this.targets, cmd.target) ? this.targets[cmd.target] : undefined;
    if (!target) return { ok: false, error: PASSTHROUGH_UNKNOWN_TARGET };
    try {
      const t = await Tunnel.open({
        url: cmd.url,
        sn,
        ticket: cmd.ticket,
        local: () => Promise.resolve(new MuxStream(target)),
      });
      this.open.add(t);
      t.once('close', () => this.open.delete(t));
      return { ok: true };
    } catch (err) {
      return { ok: false, error: `tunnel: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  closeAll(): Promise<void> {
    const all = [...this.open];
    for (const t of all) t.close();
    return Promise.all(all.map((t) => t.closed)).then(() => undefined);
  }
}
