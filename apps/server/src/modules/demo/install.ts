import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../platform/http/session';
import type { DemoSeed } from '../account';
import { DEMO_SNS, demoDeviceId, demoUser, installDemoHmis, type DemoHmisDeps } from './hmis';
import { seedDemoScreens, type DemoScreensDeps } from './screens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when DEMO=1 seeded (or found) the demo account. */
    demo: DemoSeed | null;
  }
}

export interface DemoDeps extends DemoHmisDeps, DemoScreensDeps {
  /** Creates (or finds) the demo account: the account module's seed. */
  seedAccount(): Promise<DemoSeed>;
  /** Gives the demo team billing figures on its first HMI: the billing module's seed. */
  seedBilling(owner: SessionUser, deviceId: number | undefined): Promise<void>;
}

/**
 * DEMO=1: the demo account, three simulated HMIs bound to its team (live once the app is ready),
 * billing figures and screens, so a new user sees a working console at once. Otherwise nothing.
 */
export async function installDemo(app: FastifyInstance, d: DemoDeps): Promise<void> {
  app.decorate('demo', null);
  if (!d.config.demo) {
    app.decorate('demoHmis', null);
    return;
  }
  app.demo = await d.seedAccount();
  await installDemoHmis(app, d);
  const owner = await demoUser(d.database);
  if (!owner) return;
  // Billing shows real figures: cards, an allocation on the first demo HMI, some traffic.
  await d.seedBilling(owner, await demoDeviceId(d.database, DEMO_SNS[0]));
  // The oven line on the demo template and the three HMIs side by side in a demo project.
  await seedDemoScreens(d, owner, app.demoHmis?.deviceIds ?? []);
  await seedFavourites(d, owner, app.demoHmis?.deviceIds ?? []);
}

/**
 * The dashboard's favourites: the demo HMIs, so a new user sees devices moving at once (it was empty).
 * Only while the demo account has none: favourites a user chose are left as they are.
 */
async function seedFavourites(d: DemoDeps, owner: SessionUser, deviceIds: readonly number[]): Promise<void> {
  const { db } = d.database;
  const any = await db
    .selectFrom('favourites')
    .select('device_id')
    .where('user_id', '=', owner.id)
    .executeTakeFirst();
  if (any) return;
  for (const id of deviceIds) await d.devices.setFavourite(owner, id, true);
}
