import { randomUUID } from 'node:crypto';
import { SHARE_GROUP } from '@hmi/contract';
import type { MqttClient } from 'mqtt';

/**
 * Client of Mosquitto's dynamic-security plugin API (`$CONTROL/dynamic-security/v1`): how an
 * external Mosquitto gets per-device authentication and the topic ACL. Each device is a dynsec
 * client (username = SN, password = device secret) holding its own role `hmi-device-{SN}` that
 * allows publishing `hmi/{SN}/tags|state|ack` and subscribing `hmi/{SN}/cmd`, nothing else (the
 * broker's default ACL denies the rest). The console servers log in as a client holding the
 * `hmi-console` role (everything under `hmi/`, shared subscriptions, and this API).
 */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const CONSOLE_ROLE = 'hmi-console';

export type DynsecCommand = { command: string } & Record<string, unknown>;

interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
  data?: unknown;
}

/** A device's own role; a dynsec client holding the role named after it is a device. */
export const deviceRole = (sn: string) => `hmi-device-${sn}`;

/** Clients per `listClients` page. */
const LIST_PAGE = 500;

interface ClientPage {
  totalCount: number;
  clients: { username: string; roles?: { rolename: string }[] }[];
}

function isClientPage(v: unknown): v is ClientPage {
  return (
    typeof v === 'object' &&
    v !== null &&
    'totalCount' in v &&
    typeof v.totalCount === 'number' &&
    'clients' in v &&
    Array.isArray(v.clients)
  );
}

export class DynsecClient {
  private readonly waiting = new Map<string, (r: DynsecResponse) => void>();
  private subscribed: Promise<unknown> | null = null;

  constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic !== `${DYNSEC_TOPIC}/response`) return;
      try {
        const parsed = JSON.parse(payload.toString('utf8')) as { responses?: DynsecResponse[] };
        for (const r of parsed.responses ?? []) {
          const id = r.correlationData;
          const resolve = id ? this.waiting.get(id) : undefined;
          if (id && resolve) {
            this.waiting.delete(id);
            resolve(r);
          }
        }
      } catch {
        // not ours
      }
    });
  }

  /** Runs commands in order; throws on the first error (unless `tolerate` lists it). */
  async run(commands: DynsecCommand[], tolerate: readonly string[] = []): Promise<void> {
    for (const cmd of commands) {
      const r = await this.request(cmd);
      if (r.error && !tolerate.some((t) => r.error?.includes(t)))
        throw new Error(`dynamic-security ${cmd.command}: ${r.error}`);
    }
  }

  /** Sends one command and resolves with the plugin's answer (error included). */
  private async request(cmd: DynsecCommand): Promise<DynsecResponse> {
    this.subscribed ??= this.client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
    await this.subscribed;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const answer = new Promise<DynsecResponse>((resolve, reject) => {
      this.waiting.set(id, resolve);
      timer = setTimeout(() => {
        if (this.waiting.delete(id)) reject(new Error(`dynamic-security ${cmd.command}: no answer`));
      }, 5000).unref();
    });
    // When the publish fails (connection closed) nobody waits for the answer any more: the timer and
    // the entry go with the call, so no rejection is left to fire later unobserved.
    try {
      await this.client.publishAsync(
        DYNSEC_TOPIC,
        JSON.stringify({ commands: [{ ...cmd, correlationData: id }] }),
        {
          qos: 1,
        },
      );
      return await answer;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  /** SNs of the device clients the broker knows (each holding its own `hmi-device-{SN}` role). */
  async deviceClients(): Promise<string[]> {
    const out: string[] = [];
    for (let offset = 0; ; offset += LIST_PAGE) {
      const r = await this.request({ command: 'listClients', verbose: true, count: LIST_PAGE, offset });
      if (r.error) throw new Error(`dynamic-security listClients: ${r.error}`);
      if (!isClientPage(r.data)) throw new Error('dynamic-security listClients: unexpected answer');
      for (const c of r.data.clients)
        if (c.roles?.some((role) => role.rolename === deviceRole(c.username))) out.push(c.username);
      if (!r.data.clients.length || offset + LIST_PAGE >= r.data.totalCount) return out;
    }
  }

  /** Creates (or replaces) the device's client and role. */
  async provisionDevice(sn: string, secret: string): Promise<void> {
    const role = deviceRole(sn);
    await this.run(
      [
        { command: 'deleteClient', username: sn },
        { command: 'deleteRole', rolename: role },
      ],
      ['not found'],
    );
    await this.run([
      {
        command: 'createRole',
        rolename: role,
        acls: [
          { acltype: 'publishClientSend', topic: `hmi/${sn}/tags`, allow: true },
          { acltype: 'publishClientSend', topic: `hmi/${sn}/state`, allow: true },
          { acltype: 'publishClientSend', topic: `hmi/${sn}/ack`, allow: true },
          { acltype: 'publishClientSend', topic: `hmi/${sn}/field`, allow: true },
          { acltype: 'subscribeLiteral', topic: `hmi/${sn}/cmd`, allow: true },
          { acltype: 'publishClientReceive', topic: `hmi/${sn}/cmd`, allow: true },
        ],
      },
      { command: 'createClient', username: sn, password: secret, roles: [{ rolename: role }] },
    ]);
  }

  /** Kicks the device's live connection (disable, then enable again). */
  async kick(sn: string): Promise<void> {
    await this.run([
      { command: 'disableClient', username: sn },
      { command: 'enableClient', username: sn },
    ]);
  }

  /** Removes the device: its connection is closed and it can no longer log in. */
  async revoke(sn: string): Promise<void> {
    await this.run(
      [
        { command: 'deleteClient', username: sn },
        { command: 'deleteRole', rolename: deviceRole(sn) },
      ],
      ['not found'],
    );
  }

  /** One-time set-up: the console role and a console login holding it. */
  async setupConsole(username: string, password: string): Promise<void> {
    await this.run(
      [
        {
          command: 'createRole',
          rolename: CONSOLE_ROLE,
          acls: [
            { acltype: 'publishClientSend', topic: 'hmi/#', allow: true },
            { acltype: 'publishClientReceive', topic: 'hmi/#', allow: true },
            { acltype: 'subscribePattern', topic: 'hmi/#', allow: true },
            // Mosquitto 2.0 checks a shared subscription's ACL with its `$share/{group}/` prefix.
            { acltype: 'subscribePattern', topic: `$share/${SHARE_GROUP}/hmi/#`, allow: true },
            { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
            { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
            { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
          ],
        },
      ],
      ['already exists'],
    );
    await this.run(
      [{ command: 'createClient', username, password, roles: [{ rolename: CONSOLE_ROLE }] }],
      ['already exists'],
    );
  }
}
