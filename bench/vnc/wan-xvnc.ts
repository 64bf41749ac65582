/**
 * The WAN bench's second screen: TigerVNC's Xvnc (a VNC server nobody here wrote) showing a changing
 * X client (`x-client.tcl`, Tk under Debian's wish: a counter and a bar redrawn `hz` times a second,
 * a START button that changes colour when clicked). Xvnc offers ContinuousUpdates and Fence itself;
 * a viewer that does not announce them stands for a third-party server without them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Rect } from '../../apps/agent/src/vnc/rects';
import { startXvnc } from '../../apps/agent/src/test/xvnc';

/** The X client's button (as x-client.tcl draws it). */
export const X_BUTTON: Rect = { x: 40, y: 360, w: 160, h: 80 };
const SCRIPT = fileURLToPath(new URL('./x-client.tcl', import.meta.url));
/** Displays from here on, apart from the agent tests' (40) and the end-to-end tests'. */
const FIRST_DISPLAY = 70;

export interface BenchScreen {
  port: number;
  /** Changes drawn so far. */
  samples(): number;
  close(): Promise<void>;
}

export async function startXvncScreen(hz: number): Promise<BenchScreen> {
  const xvnc = await startXvnc(FIRST_DISPLAY);
  const client = spawn('/usr/bin/wish', [SCRIPT, String(hz)], {
    env: { ...process.env, DISPLAY: `:${xvnc.display}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let samples = 0;
  const ready = new Promise<void>((resolve, reject) => {
    client.once('exit', (code) => reject(new Error(`x-client.tcl exited (${code}; wish: Debian's tk8.6)`)));
    createInterface({ input: client.stdout }).on('line', (line) => {
      if (line === 'ready') resolve();
      else samples += 1;
    });
  });
  try {
    await ready;
  } catch (err) {
    xvnc.stop();
    throw err;
  }
  return {
    port: xvnc.port,
    samples: () => samples,
    close: async () => {
      client.removeAllListeners('exit');
      const exited = new Promise((resolve) => client.once('exit', resolve));
      client.kill();
      await exited;
      // The next screen takes the next free display if this one's lock is still there.
      xvnc.stop();
    },
  };
}
