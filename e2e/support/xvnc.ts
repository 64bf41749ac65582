import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { freePorts } from '@hmi/server/src/test/server-process';

const run = promisify(execFile);

export interface Xvnc {
  display: number;
  port: number;
  /** Paints the root window (the whole screen, no window manager) in `color` (`#rrggbb`). */
  setRoot(color: string): Promise<void>;
  stop(): void;
}

/**
 * TigerVNC's Xvnc (Debian's tigervnc-standalone-server) on a free display and port: security None,
 * 800×480, 24 bits; resolves once it listens for VNC connections.
 */
export async function startXvnc(): Promise<Xvnc> {
  if (!existsSync('/usr/bin/Xvnc'))
    throw new Error('Xvnc is missing: apt-get install tigervnc-standalone-server');
  for (let display = 60; display < 120; display += 1) {
    if (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) continue;
    const [port = 0] = await freePorts(1);
    const proc: ChildProcess = spawn(
      '/usr/bin/Xvnc',
      [
        `:${display}`,
        '-rfbport',
        String(port),
        '-SecurityTypes',
        'None',
        '-geometry',
        '800x480',
        '-depth',
        '24',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
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
