import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoRoot, type RunningServer } from './server';

/**
 * The device agent's `simulate` of one HMI as its own process against `server`'s broker, its
 * identity kept in `file`; resolves once it registered its hardware. `args` add options (prefix,
 * model, …).
 */
export function startSimulatedAgent(
  server: RunningServer,
  file: string,
  args: string[],
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...['--import', 'tsx', 'apps/agent/src/cli.ts', 'simulate', '--devices', '1', '--register'],
      ...['--rate', '500', '--file', file, '--url', `mqtt://127.0.0.1:${server.env.MQTT_PORT}`],
      ...args,
    ],
    { cwd: repoRoot, env: { ...process.env, ...server.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Registered')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`agent exited with ${code}: ${output}`)));
  });
}

/** The SN and PIN the simulated HMI of `file` registered, to bind it. */
export function agentIdentity(file: string): { sn: string; pin: string } {
  const identity = (JSON.parse(readFileSync(file, 'utf8')) as { devices: { sn: string; pin: string }[] })
    .devices[0];
  if (!identity) throw new Error('the agent wrote no identity');
  return identity;
}
