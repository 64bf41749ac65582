/**
 * The demo HMI's screen for the WAN bench: the simulator's demo TAGs with their generators on the
 * simulated HMI's RFB server, sampled `hz` times a second (the simulator's default is once), each
 * sample redrawing what changed; its START button toggles `running` as on the panel.
 */
import type { WireValue } from '@hmi/contract';
import { createSource, demoSimTags, type TagSource } from '../../apps/agent/src/sim/generators';
import { HmiScreen } from '../../apps/agent/src/vnc/hmi-screen';
import { RfbServer } from '../../apps/agent/src/vnc/rfb-server';

export interface WanScreen {
  port: number;
  screen: HmiScreen;
  /** Samples taken so far (each a chance for the screen to change). */
  samples(): number;
  close(): Promise<void>;
}

export async function startWanScreen(hz: number): Promise<WanScreen> {
  const sources = new Map<string, TagSource>(demoSimTags.map((t) => [t.name, createSource(t)]));
  const screen = new HmiScreen({
    title: 'HMI BENCH',
    tags: () =>
      demoSimTags.map((t) => ({
        name: t.name,
        dataType: t.dataType,
        ...('min' in t.gen ? { min: t.gen.min, max: t.gen.max } : {}),
      })),
    value: (tag) => sources.get(tag)?.current(),
    act: (tag: string, value: WireValue) => {
      sources.get(tag)?.set(value);
      screen.refresh();
    },
  });
  const server = new RfbServer(screen, { password: null });
  const port = await server.listen();
  let samples = 0;
  // The generators' time runs `hz` times faster, so every sample moves the values as a second would.
  const speed = Math.max(1, hz);
  const timer = setInterval(() => {
    samples += 1;
    const now = Date.now() * speed;
    for (const s of sources.values()) s.next(now);
    screen.refresh();
  }, 1000 / hz);
  return {
    port,
    screen,
    samples: () => samples,
    close: async () => {
      clearInterval(timer);
      screen.stop();
      await server.close();
    },
  };
}
