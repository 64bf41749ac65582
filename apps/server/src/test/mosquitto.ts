import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynsecClient } from '../platform/mqtt/dynsec';
import { connect } from './mqtt';
import { freePort } from './server-process';

const run = promisify(execFile);
const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export interface TestMosquitto {
  port: number;
  /** Plain URL (no login). */
  url: string;
  /** MQTT_URL of the console login (role hmi-console, set up with the plugin's admin). */
  consoleUrl: string;
  /** A client of the dynamic-security API logged in as the plugin's admin. */
  admin(): Promise<{ dynsec: DynsecClient; close(): Promise<void> }>;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of the test's own: free port, the dynamic-security plugin with a generated admin, the
 * console role and login set up, a generated configuration (never the system broker on 1883).
 */
export async function startMosquitto(): Promise<TestMosquitto> {
  // The machine kind ships Mosquitto with its dynamic-security plugin; without it a suite must fail,
  // not vanish.
  if (!existsSync(PLUGIN)) throw new Error(`Mosquitto's dynamic-security plugin is missing: ${PLUGIN}`);
  const dir = mkdtempSync(join(tmpdir(), 'hmi-mosq-'));
  const port = await freePort();
  await run('mosquitto_ctrl', ['dynsec', 'init', join(dir, 'dynsec.json'), 'admin', 'admin-pw']);
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      // Started as root, Mosquitto would switch to the mosquitto user, who cannot read our temp dir.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${join(dir, 'dynsec.json')}`,
      'persistence false',
      'log_dest stderr',
      'log_type all',
      '',
    ].join('\n'),
  );
  const proc: ChildProcess = spawn('/usr/sbin/mosquitto', ['-c', conf], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let log = '';
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes(`listen socket on port ${port}`) && log.includes(' running')) resolve();
      if (process.env.DEBUG_MOSQUITTO) process.stderr.write(d);
    });
    proc.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
  });
  const url = `mqtt://127.0.0.1:${port}`;
  const admin = async () => {
    const client = await connect(url, { username: 'admin', password: 'admin-pw', protocolVersion: 5 });
    return { dynsec: new DynsecClient(client), close: () => client.endAsync() };
  };
  const a = await admin();
  await a.dynsec.setupConsole('console', 'console-pw');
  await a.close();
  return {
    port,
    url,
    consoleUrl: `mqtt://console:console-pw@127.0.0.1:${port}`,
    admin,
    async stop() {
      proc.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
