import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { IdentityStore, readIdentities, type Identity, type SeqLease } from '@hmi/agent/identities';
import { demoSimTags, startSimulatedHmi, type SimulatedHmi } from '@hmi/agent/simulator';
import {
  AlarmLevel,
  TagAccess,
  TagDataType,
  allPermissionIds,
  type TemplateAlarmSettings,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../../platform/auth/tokens';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db';
import type { SessionUser } from '../../platform/http/session';
import { demoAccount } from '../account';
import { DEMO_OFFLINE_ALARM_MINUTES, startDemoOutages } from './outage';
import { registerHardware, resetHardwareSecret, type DeviceService } from '../devices';
import type { TemplateService } from '../templates';

/** The demo HMIs: SNs, device names and the template they run. */
export const DEMO_SNS = ['DEMO-HMI-001', 'DEMO-HMI-002', 'DEMO-HMI-003'] as const;
export const DEMO_MODEL = 'X10';
export const DEMO_TEMPLATE = 'Demo line';
const DEMO_RATE_MS = 1000;

const simType = new Map(demoSimTags.map((t) => [t.name, t.dataType]));
/** The demo template's TAG table (names and types match the simulator's generators). */
export const demoTemplateTags = [
  { name: 'temperature', access: TagAccess.READ, save_history: true, description: 'Oven temperature (°C)' },
  { name: 'pressure', access: TagAccess.READ, save_history: true, description: 'Line pressure (bar)' },
  { name: 'counter', access: TagAccess.READ, save_history: false, description: 'Parts produced' },
  { name: 'running', access: TagAccess.READ_WRITE, save_history: true, description: 'Line running' },
  { name: 'status', access: TagAccess.READ, save_history: true, description: 'Status text' },
  {
    name: 'setpoint',
    access: TagAccess.READ_WRITE,
    save_history: true,
    description: 'Temperature setpoint (°C)',
  },
  { name: 'speed', access: TagAccess.WRITE, save_history: false, description: 'Conveyor speed (rpm)' },
].map((t) => ({
  ...t,
  data_type: simType.get(t.name) ?? TagDataType.FLOAT,
  address_type: '',
  address: '',
  scan_time_ms: 1000,
  default_value: '',
}));

export interface DemoHmisDeps {
  config: Config;
  database: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Runs `fn` once the app is ready (the embedded broker listens then). */
  onReady(fn: () => Promise<void>): void;
  /** Runs `fn` as the app starts closing, before the broker and the database close. */
  onClosing(fn: () => Promise<void>): void;
  /** The installed registry services the demo binds its devices and template through. */
  devices: DeviceService;
  templates: TemplateService;
  /** Sets a template's offline alarm (the alarms module's operations). */
  offlineAlarm(owner: SessionUser, templateId: number, settings: TemplateAlarmSettings): Promise<unknown>;
  /** The embedded broker's port, known once the app is ready (connectivity); null with MQTT_URL. */
  brokerPort(): number | null;
}

export interface DemoHmis {
  deviceIds: number[];
  sims: SimulatedHmi[];
}

/**
 * DEMO=1: registers the 3 demo HMIs (idempotent), binds them to the demo team with the demo template,
 * and runs them in-process once the app is ready, against the embedded broker (or MQTT_URL); they say
 * offline and stop when the app closes. Identities (PIN, secret, next seq) live in
 * DATA_DIR/demo-hmis.json; demo hardware whose secret is lost gets a new one.
 */
export async function installDemoHmis(d: DemoHmisDeps): Promise<DemoHmis> {
  const demo: DemoHmis = { deviceIds: [], sims: [] };
  const { db } = d.database;
  const user = await demoUser(d.database);
  if (!user) return demo;
  const nowS = () => Math.floor(d.clock.now() / 1000);

  const store = new IdentityStore(
    join(d.config.dataDir, 'demo-hmis.json'),
    readIdentities(join(d.config.dataDir, 'demo-hmis.json')),
  );
  const identities: Identity[] = [];
  for (const sn of DEMO_SNS) {
    const known = store.file.devices.find((x) => x.sn === sn);
    const hw = await db
      .selectFrom('hardware')
      .select(['secret_hash', 'revoked_at'])
      .where('sn', '=', sn)
      .executeTakeFirst();
    if (hw?.revoked_at !== null && hw !== undefined) continue; // the operator revoked it: leave it be
    let id: Identity;
    if (!hw) {
      const pin = known?.pin ?? randomBytes(4).toString('hex');
      const { secret } = await registerHardware(db, { sn, pin, model: DEMO_MODEL }, nowS());
      id = { sn, pin, secret, model: DEMO_MODEL, seq: known?.seq ?? 0 };
    } else if (known && sha256(known.secret) === hw.secret_hash) {
      id = known;
    } else {
      // Demo hardware whose identity file is gone: give it a new secret and PIN; its seq restarts at
      // the clock in microseconds so the server's replay window accepts it.
      const pin = randomBytes(4).toString('hex');
      const secret = randomBytes(24).toString('base64url');
      await resetHardwareSecret(db, sn, secret, pin);
      id = { sn, pin, secret, model: DEMO_MODEL, seq: Math.max(known?.seq ?? 0, d.clock.now() * 1000) };
    }
    if (known) Object.assign(known, id);
    else store.file.devices.push(id);
    identities.push(id);
  }
  store.save();

  const { templates, devices } = d;
  const existing = await db
    .selectFrom('templates')
    .select(['id', 'version'])
    .where('team_id', '=', user.teamId)
    .where('name', '=', DEMO_TEMPLATE)
    .executeTakeFirst();
  let templateId = existing?.id;
  if (templateId === undefined) {
    const t = await templates.create(user, {
      name: DEMO_TEMPLATE,
      hmi_model: DEMO_MODEL,
      firmware: '',
      recipe: '',
    });
    await templates.putTags(user, t.id, demoTemplateTags);
    // A demo HMI going offline (outage.ts) shows as a severe alarm after a minute.
    await d.offlineAlarm(user, t.id, {
      offline_alarm_minutes: DEMO_OFFLINE_ALARM_MINUTES,
      offline_alarm_level: AlarmLevel.SEVERE,
    });
    templateId = t.id;
  }
  const version =
    (await db.selectFrom('templates').select('version').where('id', '=', templateId).executeTakeFirst())
      ?.version ?? 0;

  const run: Identity[] = [];
  for (const [i, id] of identities.entries()) {
    const bound = await db
      .selectFrom('devices')
      .select(['id', 'team_id'])
      .where('sn', '=', id.sn)
      .executeTakeFirst();
    if (bound && bound.team_id !== user.teamId) continue; // bound elsewhere: not ours to run
    const deviceId =
      bound?.id ??
      (
        await devices.bind(user, {
          sn: id.sn,
          pin: id.pin,
          name: `Demo_HMI_${i + 1}`,
          group_id: null,
          template_id: templateId,
          label_ids: [],
          address: 'Demo plant',
          remark: 'Simulated HMI (DEMO=1)',
        })
      ).id;
    demo.deviceIds.push(deviceId);
    run.push(id);
  }

  const url = d.config.mqttUrl ?? null;
  const leases: SeqLease[] = [];
  let stopOutages = async () => {};
  d.onReady(async () => {
    const port = d.brokerPort();
    const target = url ?? (port ? `mqtt://127.0.0.1:${port}` : null);
    if (!target) return;
    const starters = run.map((id) => {
      const lease = store.lease(id.sn);
      leases.push(lease);
      return () =>
        startSimulatedHmi({
          url: target,
          sn: id.sn,
          secret: id.secret,
          tags: demoSimTags,
          rateMs: DEMO_RATE_MS,
          seq: lease,
          configVersion: version,
          firmware: 'demo-1.0',
        });
    });
    for (const start of starters) demo.sims.push(start());
    const last = starters.length - 1;
    const restartLast = starters[last];
    if (restartLast && last > 0) stopOutages = startDemoOutages(demo.sims, last, restartLast);
    d.log.info({ devices: run.map((x) => x.sn), broker: target }, 'demo HMIs started');
  });
  // Before the broker and database close: the simulators say offline and keep their next seq.
  d.onClosing(async () => {
    await stopOutages();
    await Promise.all(demo.sims.map((s) => s.stop()));
    for (const l of leases) l.release();
  });
  return demo;
}

/** The id of the demo HMI `sn` when it is bound to the demo team. */
export async function demoDeviceId(database: Db, sn: string): Promise<number | undefined> {
  const user = await demoUser(database);
  if (!user) return undefined;
  const row = await database.db
    .selectFrom('devices')
    .select('id')
    .where('sn', '=', sn)
    .where('team_id', '=', user.teamId)
    .executeTakeFirst();
  return row?.id;
}

/** The demo main account as a session user (all permissions), or null when it is not there. */
export async function demoUser(database: Db): Promise<SessionUser | null> {
  const row = await database.db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', demoAccount.username.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.is_main !== 1) return null;
  return {
    id: row.id,
    teamId: row.team_id,
    isMain: true,
    roleId: row.role_id,
    permissions: [...allPermissionIds],
    familyId: 'demo-seed',
    row,
  };
}
