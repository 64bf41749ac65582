import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { RegisterCall } from '../../platform/http/register-call';
import type { Mailer } from '../../platform/mail';
import type { DataPermissionService } from '../data-permissions/service';
import type { IngestService } from '../ingest/service';
import { AlarmEngine } from './engine/engine';
import { AlarmNotifier } from './notify';
import { AlarmRepo } from './repo';
import { alarmRoutes } from './routes';
import { AlarmService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: { engine: AlarmEngine; notifier: AlarmNotifier };
  }
}

export interface AlarmDeps {
  database: Db;
  clock: Clock;
  bus: Bus;
  mailer: Mailer;
  perms: DataPermissionService;
  ingest: IngestService;
  registerCall: RegisterCall;
  /** Runs `fn` on app close before the database closes (after ingest has stopped). */
  onShutdown(fn: () => Promise<void>): void;
}

/** Alarm engine on ingest's committed batches, alarm mail and escalation, and the alarm calls. */
export async function installAlarms(app: FastifyInstance, d: AlarmDeps): Promise<void> {
  const db = d.database.db;
  const notifier = new AlarmNotifier({ db, mailer: d.mailer, bus: d.bus, clock: d.clock, log: app.log });
  const engine = new AlarmEngine({
    db,
    bus: d.bus,
    clock: d.clock,
    log: app.log,
    onApplied: (applied) => notifier.raised(applied),
  });
  await engine.start();
  const stopListening = d.ingest.onStored((batch) => engine.accept(batch));
  notifier.start();
  alarmRoutes(d.registerCall, new AlarmService(new AlarmRepo(db), d.perms, d.clock));
  d.onShutdown(async () => {
    stopListening();
    await engine.close();
    await notifier.close();
  });
  app.decorate('alarms', { engine, notifier });
}
