import type { Identity } from './identities';

interface ServerModules {
  loadConfig(env: NodeJS.ProcessEnv): unknown;
  openDatabase(config: unknown): { db: unknown; description: string; close(): Promise<void> };
  migrate(database: unknown): Promise<unknown>;
  registerHardware(
    db: unknown,
    input: { sn: string; pin: string; model: string },
    now: number,
  ): Promise<{ sn: string; secret: string }>;
}

/** The server's own modules, loaded at run time (the agent does not build against server code). */
async function serverModules(): Promise<ServerModules> {
  const at = (p: string) => new URL(`../../../server/src/${p}`, import.meta.url).href;
  const [config, db, hardware] = (await Promise.all([
    import(at('platform/config.ts')),
    import(at('platform/db/index.ts')),
    import(at('modules/devices/hardware.ts')),
  ])) as [
    Pick<ServerModules, 'loadConfig'>,
    Pick<ServerModules, 'openDatabase' | 'migrate'>,
    Pick<ServerModules, 'registerHardware'>,
  ];
  return { ...config, ...db, ...hardware };
}

/**
 * Registers hardware in the server's registry (as `npm run admin -- device:register`), on the database
 * the server's configuration names (DATA_DIR / DATABASE_URL); returns the identities with their secrets.
 */
export async function registerIdentities(
  list: Omit<Identity, 'secret'>[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ identities: Identity[]; database: string }> {
  const m = await serverModules();
  const database = m.openDatabase(m.loadConfig(env));
  try {
    await m.migrate(database);
    const out: Identity[] = [];
    for (const d of list) {
      const { secret } = await m.registerHardware(
        database.db,
        { sn: d.sn, pin: d.pin, model: d.model },
        Math.floor(Date.now() / 1000),
      );
      out.push({ ...d, secret });
    }
    return { identities: out, database: database.description };
  } finally {
    await database.close();
  }
}
