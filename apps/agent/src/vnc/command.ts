import type { Duplex } from 'node:stream';
import { VNC_OFF_ACK_ERROR, type Command } from '@hmi/contract';
import type { CommandResult } from '../link/device';
import { Tunnel, VncOffError } from './tunnel';

export type VncCommand = Extract<Command, { type: 'vnc' }>;

/** The open tunnels of one device; closed together when the device stops. */
export class Tunnels {
  private readonly open = new Set<Tunnel>();

  get size(): number {
    return this.open.size;
  }

  /**
   * Executes a `vnc` command: bridges the relay in the command to `local` (the device's own VNC
   * server, never a host or port from the command). The ack is ok once RFB flows; 1024 when the
   * VNC server is off or refuses; the reason when the relay refuses the ticket.
   */
  async run(
    cmd: VncCommand,
    sn: string,
    local: () => Promise<Duplex>,
    o: { requestAhead?: boolean; onClose?: () => void } = {},
  ): Promise<CommandResult> {
    const { requestAhead, onClose } = o;
    try {
      const t = await Tunnel.open({ url: cmd.url, sn, ticket: cmd.ticket, local, requestAhead });
      this.open.add(t);
      t.once('close', () => {
        this.open.delete(t);
        onClose?.();
      });
      return { ok: true };
    } catch (err) {
      if (err instanceof VncOffError) return { ok: false, error: VNC_OFF_ACK_ERROR };
      return { ok: false, error: `tunnel: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  closeAll(): Promise<void> {
    const all = [...this.open];
    for (const t of all) t.close();
    return Promise.all(all.map((t) => t.closed)).then(() => undefined);
  }
}
