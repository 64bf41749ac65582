/**
 * The device agent's gateway in a process of its own, as on a real gateway: the bench's process then
 * holds only what stands at the two ends (the VNC server and the viewer), like the direct path's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { spawnProcess, type ServerProcess } from '@hmi/server/src/test/server-process';

const ONLINE_TIMEOUT_MS = 15_000;

export interface AgentProcessOptions {
  dir: string;
  mqttUrl: string;
  sn: string;
  secret: string;
  vncPort: number;
  /** Whether the server sees the device online (the bench asks the API). */
  online(): Promise<boolean>;
}

/** Starts `agent gateway` with a config bridging the bench's VNC server; resolves once it is online. */
export async function startAgentProcess(o: AgentProcessOptions): Promise<ServerProcess> {
  const config = join(o.dir, 'gateway.json');
  writeFileSync(
    config,
    JSON.stringify({
      url: o.mqttUrl,
      sn: o.sn,
      secret: o.secret,
      sink: 'writes.json',
      rateMs: 3_600_000,
      tags: [{ name: 'k', source: { value: 1 } }],
      // This bench's server answers each incremental request at once (an empty update when nothing
      // changed) and counts the updates it sends: no requests of the agent's own in between.
      vnc: { host: '127.0.0.1', port: o.vncPort, requestAhead: false },
    }),
  );
  // The status board prints its first line at start; being online is what the bench waits for.
  const agent = await spawnProcess(['apps/agent/src/cli.ts', 'gateway', '--config', config], {}, 'connected');
  const until = Date.now() + ONLINE_TIMEOUT_MS;
  // A bench may poll: the server offers no event to a plain HTTP client for a device coming online.
  while (!(await o.online())) {
    if (Date.now() > until) {
      await agent.kill('SIGTERM');
      throw new Error(`the agent did not come online:\n${agent.tail()}`);
    }
    await delay(100);
  }
  return agent;
}
