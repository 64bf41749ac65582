/**
 * websockify (Debian's, a Python program: `apt-get install websockify`) bridging the bench's VNC
 * server to a viewer speaking websocket, as noVNC's own deployments do: the third path of bench/vnc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import WebSocket from 'ws';
import { freePort } from '@hmi/server/src/test/server-process';
import { wsPipe, type Pipe } from './stream';

const START_TIMEOUT_MS = 10_000;

export interface Websockify {
  pipe(): Promise<Pipe>;
  stop(): Promise<void>;
}

/** Starts websockify in front of `targetPort`; null (with why) when it is not installed or fails. */
export async function startWebsockify(targetPort: number): Promise<Websockify | string> {
  const port = await freePort();
  const child = spawn('websockify', [`127.0.0.1:${port}`, `127.0.0.1:${targetPort}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = await listening(child);
  if (started !== true) {
    child.kill('SIGTERM');
    return started;
  }
  return {
    // websockify 0.10 speaks binary frames to a client asking for the `binary` subprotocol.
    pipe: () => wsPipe(new WebSocket(`ws://127.0.0.1:${port}/`, ['binary'])),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves true once websockify says it listens (it says so after binding); a reason when it cannot start. */
function listening(child: ChildProcess): Promise<true | string> {
  return new Promise((resolve) => {
    let output = '';
    const timer = setTimeout(() => resolve('websockify did not start'), START_TIMEOUT_MS);
    const done = (r: true | string) => {
      clearTimeout(timer);
      resolve(r);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('- Listen on')) done(true);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err: NodeJS.ErrnoException) =>
      done(err.code === 'ENOENT' ? 'not installed (apt-get install websockify)' : err.message),
    );
    child.once('exit', (code) => done(`websockify exited (${code}): ${output.trim().slice(-200)}`));
  });
}
