import type { FastifyInstance } from 'fastify';
import type { InstallContext } from '../../platform/install';
import type { Mailer } from '../../platform/mail';
import type { DataPermissionService } from '../data-permissions';
import type { MessageService } from '../message';
import type { ConnectivityService } from '../connectivity';
import { AlarmEngine } from './engine/engine';
import { AlarmNotifier } from './notify';
import { AlarmRepo } from './repo';
import { alarmRoutes } from './routes';
import { AlarmService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: Alarms;
  }
}

/** What the app uses of the alarms: the engine on ingest's batches and the mail notifier. */
export interface Alarms {
  engine: AlarmEngine;
  notifier: AlarmNotifier;
}

export interface AlarmDeps {
  /** The instance whose log it writes to (tests read the `alarms` decoration). */
  app: FastifyInstance;
  mailer: Mailer;
  perms: DataPermissionService;
  /** Alarm messages are written and listed through the message module. */
  messages: MessageService;
  ingest: ConnectivityService;
  /** Runs `fn` on app close before the database closes (after ingest has stopped). */
  onShutdown(fn: () => Promise<void>): void;
}

/** Alarm engine on ingest's committed batches, alarm mail and escalation, and the alarm calls. */
export async function installAlarms(ctx: InstallContext, d: AlarmDeps): Promise<Alarms> {
  const { db, bus, clock } = ctx;
  const { app } = d;
  const notifier = new AlarmNotifier({
    db,
    messages: d.messages,
    mailer: d.mailer,
    bus,
    clock,
    log: app.log,
  });
  const engine = new AlarmEngine({
    db,
    messages: d.messages,
    bus,
    clock,
    log: app.log,
    onApplied: (applied) => notifier.raised(applied),
  });
  await engine.start();
  const stopListening = d.ingest.onStored((batch) => engine.accept(batch));
  notifier.start();
  alarmRoutes(ctx.registerCall, new AlarmService(new AlarmRepo(db), d.perms, d.messages, clock, ctx.bus));
  d.onShutdown(async () => {
    stopListening();
    await engine.close();
    await notifier.close();
  });
  app.decorate('alarms', { engine, notifier });
  return { engine, notifier };
}
