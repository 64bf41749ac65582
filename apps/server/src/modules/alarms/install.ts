import type { FastifyInstance } from 'fastify';
import type { InstallContext } from '../../platform/install';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import type { NotifyChannels } from '../notify-channels';
import type { DataPermissionService } from '../data-permissions';
import type { MessageService } from '../message';
import type { ConnectivityService } from '../connectivity';
import { AlarmEngine } from './engine/engine';
import { AlarmNotifier } from './notify';
import { AlarmOperations } from './operations';
import { AlarmOperationsRepo } from './operations-repo';
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
  /** Shelving, out of service and templates' offline alarm settings (the demo sets its template's). */
  operations: AlarmOperations;
}

export interface AlarmDeps {
  /** The instance whose log it writes to (tests read the `alarms` decoration). */
  app: FastifyInstance;
  mailer: Mailer;
  /** Alarm SMS of subscribers who chose it (the dev outbox by default). */
  sms: SmsSender;
  /** Webhooks told of raised alarms. */
  channels: NotifyChannels;
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
    sms: d.sms,
    channels: d.channels,
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
  const repo = new AlarmRepo(db);
  const operations = new AlarmOperations(new AlarmOperationsRepo(db), repo, d.perms, clock, ctx.bus);
  alarmRoutes(ctx.registerCall, new AlarmService(repo, d.perms, d.messages, clock, ctx.bus), operations);
  d.onShutdown(async () => {
    stopListening();
    await engine.close();
    await notifier.close();
  });
  app.decorate('alarms', { engine, notifier, operations });
  return { engine, notifier, operations };
}
