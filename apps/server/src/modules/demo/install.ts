import type { SessionUser } from '../../platform/http/session';
import type { InstallContext } from '../../platform/install';
import type { DemoSeed } from '../account';
import { DEMO_SNS, demoDeviceId, demoUser, installDemoHmis, type DemoHmis, type DemoHmisDeps } from './hmis';
import { seedDemoScreens, type DemoScreensDeps } from './screens';

/** The face of the demo module: what it made, for the start-up banner and for tests. */
export interface Demo {
  /** Set when DEMO=1 seeded (or found) the demo account. */
  seed: DemoSeed | null;
  /** The demo HMIs (DEMO=1): device ids and the running simulators. */
  hmis: DemoHmis | null;
}

export interface DemoDeps extends Omit<DemoHmisDeps, 'clock'>, DemoScreensDeps {
  /** Creates (or finds) the demo account: the account module's seed. */
  seedAccount(): Promise<DemoSeed>;
  /** Gives the demo team billing figures on its first HMI: the billing module's seed. */
  seedBilling(owner: SessionUser, deviceId: number | undefined): Promise<void>;
}

/**
 * DEMO=1: the demo account, three simulated HMIs bound to its team (live once the app is ready),
 * billing figures and screens, so a new user sees a working console at once. Otherwise nothing.
 */
export async function installDemo(ctx: InstallContext, d: DemoDeps): Promise<Demo> {
  if (!d.config.demo) return { seed: null, hmis: null };
  const seed = await d.seedAccount();
  const hmis = await installDemoHmis({ ...d, clock: ctx.clock });
  const owner = await demoUser(d.database);
  if (!owner) return { seed, hmis };
  // Billing shows real figures: cards, an allocation on the first demo HMI, some traffic.
  await d.seedBilling(owner, await demoDeviceId(d.database, DEMO_SNS[0]));
  // The oven line on the demo template and the three HMIs side by side in a demo project.
  await seedDemoScreens(d, owner, hmis.deviceIds);
  await seedFavourites(d, owner, hmis.deviceIds);
  return { seed, hmis };
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
