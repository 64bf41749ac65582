import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Xvnc {
  display: number;
  port: number;
  /** Paints the root window (the whole screen, no window manager) in `color` (`#rrggbb`). */
  setRoot(color: string): Promise<void>;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * TigerVNC's Xvnc (Debian's tigervnc-standalone-server), a real VNC server nobody here wrote, for the
 * agent's and the end-to-end tests: on a free display from `firstDisplay` (the two runs start apart
 * so they do not race for one) and a free port, security None, 800×480, 24 bits; resolves once it
 * listens for VNC connections.
 */
export async function startXvnc(firstDisplay: number): Promise<Xvnc> {
  // A missing Xvnc fails the run rather than shrinking it (.ci/run installs it).
  if (!existsSync('/usr/bin/Xvnc'))
    throw new Error('/usr/bin/Xvnc is missing: apt-get install tigervnc-standalone-server');
  for (let display = firstDisplay; display < firstDisplay + 60; display += 1) {
    if (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) continue;
    const port = await freePort();
    const args = [`:${display}`, '-rfbport', String(port), '-SecurityTypes', 'None'];
    const proc = spawn('/usr/bin/Xvnc', [...args, '-geometry', '800x480', '-depth', '24'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const up = await new Promise<boolean>((resolve) => {
      let log = '';
      proc.stderr?.setEncoding('utf8');
      proc.stderr?.on('data', (d: string) => {
        log += d;
        if (log.includes('Listening for VNC connections')) resolve(true);
      });
      proc.once('exit', () => resolve(false));
    });
    if (up)
      return {
        display,
        port,
        setRoot: async (color) => {
          await run('xsetroot', ['-solid', color], { env: { ...process.env, DISPLAY: `:${display}` } });
        },
        stop: () => void proc.kill(),
      };
  }
  throw new Error('no free X display for Xvnc');
}
