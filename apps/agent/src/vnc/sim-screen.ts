import type { WireValue } from '@hmi/contract';
import type { CommandResult } from '../link/device';
import { Tunnels, type VncCommand } from './command';
import { HmiScreen, type PageTag } from './hmi-screen';
import { RfbServer } from './rfb-server';
import { connectLocalVnc, VncOffError } from './tunnel';

export interface SimScreenOptions {
  sn: string;
  /** false: the HMI's VNC is off (commands are answered 1024). */
  vnc: { password?: string } | false;
  tags(): readonly PageTag[];
  value(tag: string): WireValue | undefined;
  act(tag: string, value: WireValue): void;
}

interface Display {
  screen: HmiScreen;
  server: RfbServer;
}

/**
 * A simulated HMI's screen and VNC server, made on demand: thousands of simulated HMIs cost nothing
 * until someone looks at one, and the screen goes away when its last tunnel closes. The RFB server
 * listens on 127.0.0.1 at a free port, where the tunnel connects like it would to a real HMI.
 */
export class SimScreen {
  private live: Display | null = null;
  private readonly tunnels = new Tunnels();

  constructor(private readonly o: SimScreenOptions) {}

  /** The screen and its RFB server (made now when there are none). */
  display(): Display {
    if (!this.live) {
      const { o } = this;
      const screen = new HmiScreen({ title: `HMI ${o.sn}`, tags: o.tags, value: o.value, act: o.act });
      const password = o.vnc === false ? null : (o.vnc.password ?? null);
      this.live = { screen, server: new RfbServer(screen, { password }) };
    }
    return this.live;
  }

  /** Redraws what changed (no-op while nobody looks). */
  refresh(): void {
    this.live?.screen.refresh();
  }

  async open(cmd: VncCommand): Promise<CommandResult> {
    const result = await this.tunnels.run(
      cmd,
      this.o.sn,
      async () => {
        if (this.o.vnc === false) throw new VncOffError('VNC is off on this HMI');
        return connectLocalVnc('127.0.0.1', await this.display().server.listen());
      },
      {
        onClose: () => {
          if (this.tunnels.size === 0) void this.drop();
        },
      },
    );
    // A tunnel that never opened leaves nothing to keep the screen for.
    if (!result.ok && this.tunnels.size === 0) await this.drop();
    return result;
  }

  private async drop(): Promise<void> {
    const d = this.live;
    this.live = null;
    if (!d) return;
    d.screen.stop();
    await d.server.close();
  }

  async close(): Promise<void> {
    await this.tunnels.closeAll();
    await this.drop();
  }
}
