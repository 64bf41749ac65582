import { BATCH_VALUES_MAX, type Command, type WireValue } from '@hmi/contract';
import { openDriver } from '../field/drivers';
import { FieldError } from '../field/errors';
import { Poller, type FieldSample } from '../field/poller';
import {
  memorySeq,
  startDevice,
  type CommandResult,
  type DeviceAgent,
  type DeviceStatus,
} from '../link/device';
import { Outbox } from '../link/outbox';
import { outboxConfig } from '../link/outbox-config';
import { AGENT_VERSION } from '../version';
import { PassthroughTunnels } from '../passthrough/gateway-side';
import { Tunnels } from '../vnc/command';
import { connectLocalVnc, VncOffError } from '../vnc/tunnel';
import type { GatewayConfig } from './config';
import { readSource, storeWrite } from './sources';
import { loadTemplate, saveTemplate } from './template-store';

export { readGatewayConfig } from './config';
export { readSource } from './sources';

export interface GatewayOptions {
  onChange?: (s: DeviceStatus) => void;
  /** Milliseconds between field diagnostics reports (default 5000). */
  fieldReportMs?: number;
  /** Where the gateway says what it could not do itself (default stderr). */
  log?: (line: string) => void;
}

export interface Gateway extends DeviceAgent {
  /** The field poller (diagnostics, requests per scan). */
  readonly poller: Poller;
}

/**
 * A real device agent. Local TAG sources are reported every `rateMs`; the synced template's field TAGs
 * are polled from the connections of the config file (stored, applied, then acked with their version,
 * and polled again after a restart) and reported by exception. Commands: write (a protocol write for a
 * field TAG, else stored to the sink file), sync, vnc (the tunnel to the VNC server of its config),
 * passthrough (TCP to a target its config names, for an engineer's tool).
 * Every batch goes through its outbox (store and forward). Its sequence continues above the outbox's
 * highest and starts no lower than its clock in microseconds, so restarts never reuse numbers.
 */
export function startGateway(c: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const log = options.log ?? console.error;
  const box = c.outbox ?? outboxConfig('gateway', '.', { path: ':memory:' });
  const outbox = Outbox.open(box, (movedTo, why) =>
    log(`outbox ${box.path} could not be read (${why}); moved aside to ${movedTo}, starting empty`),
  );
  const byName = new Map(c.tags.map((t) => [t.name, t]));
  const tunnels = new Tunnels();
  const passthrough = new PassthroughTunnels(c.passthrough ?? {});
  const vnc = c.vnc;
  const stored = c.template ? loadTemplate(c.template) : null;
  let device: DeviceAgent | null = null;
  const publish = (samples: FieldSample[]) => {
    for (let i = 0; i < samples.length; i += BATCH_VALUES_MAX)
      void device?.publishValues(samples.slice(i, i + BATCH_VALUES_MAX)).catch(() => undefined);
  };
  const poller = new Poller({
    connections: c.connections ?? {},
    openDriver,
    publish,
    onConnectionChange: () => device?.reportFieldSoon(),
    ...(c.refreshMs ? { refreshMs: c.refreshMs } : {}),
  });

  const write = async (tag: string, value: WireValue): Promise<CommandResult> => {
    if (poller.has(tag)) {
      try {
        await poller.write(tag, value);
        return { ok: true };
      } catch (err) {
        if (err instanceof FieldError) return { ok: false, error: err.message, reason: err.reason };
        throw err;
      }
    }
    if (!byName.has(tag)) return { ok: false, error: `unknown TAG ${tag}` };
    storeWrite(c.sink, tag, value);
    return { ok: true };
  };

  const execute = (cmd: Command): CommandResult | Promise<CommandResult> => {
    if (cmd.type === 'vnc')
      return tunnels.run(
        cmd,
        c.sn,
        async () => {
          if (!vnc) throw new VncOffError('no VNC server in the gateway config');
          return connectLocalVnc(vnc.host, vnc.port);
        },
        { requestAhead: vnc?.requestAhead ?? true },
      );
    if (cmd.type === 'passthrough') return passthrough.run(cmd, c.sn);
    if (cmd.type === 'write') return write(cmd.tag, cmd.value);
    if (cmd.type === 'sync') {
      // Kept first, so a restart polls what was acked; acked only once applied.
      if (c.template) saveTemplate(c.template, { config_version: cmd.config_version, tags: cmd.tags });
      poller.apply(cmd.tags);
      return { ok: true, config_version: cmd.config_version };
    }
    return { ok: false, error: 'unsupported command' };
  };
  device = startDevice({
    url: c.url,
    sn: c.sn,
    secret: c.secret,
    rateMs: c.rateMs ?? 5000,
    firmware: 'gateway-1.0',
    agentVersion: AGENT_VERSION,
    outbox,
    fieldConnections: () => poller.connectionsReport(),
    ...(options.fieldReportMs ? { fieldEveryMs: options.fieldReportMs } : {}),
    seq: memorySeq(Math.max(Date.now() * 1000, outbox.maxSeq() + 1)),
    ...(stored ? { configVersion: stored.config_version } : {}),
    // No refresh on connecting: what was sampled while the link was down waits in the outbox and is
    // replayed with its times. A refresh here repeated every value as a new sample on each reconnect,
    // and, called from the status change its own batch makes, fed itself (a batch per level, each
    // fsynced) before the link state was recorded.
    onChange: (status) => options.onChange?.(status),
    async sample() {
      const out: { tag: string; value: WireValue }[] = [];
      for (const t of c.tags) {
        const value = await readSource(t);
        if (value !== null) out.push({ tag: t.name, value });
      }
      return out;
    },
    execute,
  });
  if (stored) poller.apply(stored.tags);
  const agent = device;
  return {
    ...agent,
    poller,
    async stop() {
      await poller.stop();
      await tunnels.closeAll();
      await passthrough.closeAll();
      await agent.stop();
      outbox.close();
    },
  };
}
