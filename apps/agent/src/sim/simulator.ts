import { PASSTHROUGH_UNKNOWN_TARGET, type Command, type WireValue } from '@hmi/contract';
import {
  startDevice,
  type CommandResult,
  type DeviceAgent,
  type DeviceStatus,
  type SeqSource,
} from '../link/device';
import {
  checkWrite,
  createSource,
  generatorFor,
  normalizeWrite,
  type SimTag,
  type TagSource,
} from './generators';
import { SimScreen } from '../vnc/sim-screen';

export type { DeviceStatus, SeqSource } from '../link/device';
export { memorySeq } from '../link/device';
export { demoSimTags, type GeneratorSpec, type SimTag } from './generators';

export interface SimulatedHmiOptions {
  url: string;
  sn: string;
  secret: string;
  tags: SimTag[];
  /** Milliseconds between batches (default 1000). */
  rateMs?: number;
  /** Sequence numbers (default: from 0 in memory; use a SeqLease to survive restarts). */
  seq?: SeqSource;
  /** Template version the HMI starts with (reported in its state). */
  configVersion?: number;
  firmware?: string;
  reconnectMs?: number;
  /**
   * The HMI's own screen over VNC (on by default): `password` asks viewers for it (VNC
   * Authentication); false: the HMI's VNC is off and a `vnc` command is answered with 1024.
   */
  vnc?: { password?: string } | false;
  onChange?(status: DeviceStatus): void;
}

export interface SimulatedHmi extends DeviceAgent {
  /** The current value of a TAG (what the HMI shows). */
  value(tag: string): WireValue | undefined;
  /** The TAG names it simulates now (changes with `cmd sync`). */
  tagNames(): string[];
  /** Its screen (made when the first viewer comes, dropped when the last one leaves). */
  readonly screen: SimScreen;
}

/**
 * A simulated HMI: every `rateMs` one QoS 1 batch with a value per TAG from its generator. A `write`
 * sets the TAG's value (ack error for an unknown TAG or a value of the wrong type); a `sync` adopts
 * the pushed TAG list (keeping the generator of TAGs it already had) and acks with its version.
 */
export function startSimulatedHmi(o: SimulatedHmiOptions): SimulatedHmi {
  let sources = new Map<string, TagSource>(o.tags.map((t) => [t.name, createSource(t)]));

  const execute = (cmd: Command): CommandResult | Promise<CommandResult> => {
    if (cmd.type === 'vnc') return screen.open(cmd);
    // A simulated HMI has no machine network behind it: no pass-through target exists.
    if (cmd.type === 'passthrough') return { ok: false, error: PASSTHROUGH_UNKNOWN_TARGET };
    if (cmd.type === 'write') {
      const src = sources.get(cmd.tag);
      if (!src) return { ok: false, error: `unknown TAG ${cmd.tag}` };
      const problem = checkWrite(src.tag.dataType, cmd.value);
      if (problem) return { ok: false, error: `${cmd.tag}: ${problem}` };
      src.set(normalizeWrite(src.tag.dataType, cmd.value));
      screen.refresh();
      return { ok: true };
    }
    if (cmd.type === 'sync') {
      const next = new Map<string, TagSource>();
      for (const t of cmd.tags) {
        const had = sources.get(t.name);
        next.set(
          t.name,
          had && had.tag.dataType === t.data_type
            ? had
            : createSource({ name: t.name, dataType: t.data_type, gen: generatorFor(t) }),
        );
      }
      sources = next;
      screen.refresh();
      return { ok: true, config_version: cmd.config_version };
    }
    return { ok: false, error: 'unsupported command' };
  };

  /** A button on the screen sets a TAG like an operator at the panel: the change is reported at once. */
  const act = (tag: string, value: WireValue) => {
    const src = sources.get(tag);
    if (!src || checkWrite(src.tag.dataType, value)) return;
    const v = normalizeWrite(src.tag.dataType, value);
    src.set(v);
    void device.publishValues([{ tag, value: v }]).catch(() => undefined);
  };
  const screen = new SimScreen({
    sn: o.sn,
    vnc: o.vnc ?? {},
    tags: () =>
      [...sources.values()].map((s) => ({ name: s.tag.name, dataType: s.tag.dataType, ...range(s.tag) })),
    value: (tag) => sources.get(tag)?.current(),
    act,
  });

  const device = startDevice({
    url: o.url,
    sn: o.sn,
    secret: o.secret,
    rateMs: o.rateMs ?? 1000,
    firmware: o.firmware ?? 'sim-1.0',
    ...(o.seq ? { seq: o.seq } : {}),
    ...(o.configVersion !== undefined ? { configVersion: o.configVersion } : {}),
    ...(o.reconnectMs !== undefined ? { reconnectMs: o.reconnectMs } : {}),
    ...(o.onChange ? { onChange: o.onChange } : {}),
    sample: (now) => {
      const values = [...sources.values()].map((s) => ({ tag: s.tag.name, value: s.next(now) }));
      screen.refresh();
      return values;
    },
    execute,
  });
  return {
    ...device,
    value: (tag) => sources.get(tag)?.current(),
    tagNames: () => [...sources.keys()],
    screen,
    async stop() {
      await screen.close();
      await device.stop();
    },
  };
}

/** The bar range of a TAG whose generator has one. */
function range(t: SimTag): { min?: number; max?: number } {
  return 'min' in t.gen ? { min: t.gen.min, max: t.gen.max } : {};
}
