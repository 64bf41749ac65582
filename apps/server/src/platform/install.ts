import type { Kysely } from 'kysely';
import type { Bus } from './bus';
import type { Clock } from './clock';
import type { Database } from './db/schema';
import type { RegisterCall } from './http/register-call';

/** What every module's install step is given: the database, the call registrar, the clock, the bus. */
export interface InstallContext {
  db: Kysely<Database>;
  registerCall: RegisterCall;
  clock: Clock;
  bus: Bus;
}
