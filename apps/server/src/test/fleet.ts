import { randomBytes } from 'node:crypto';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/auth/passwords';
import { sha256 } from '../platform/auth/tokens';
import { templateTagRow } from './template-tag-row';
import { userRow } from './user-row';

export interface FleetTag {
  name: string;
  data_type: number;
  save_history: boolean;
}

export interface FleetDevice {
  id: number;
  sn: string;
  secret: string;
}

export interface Fleet {
  teamId: number;
  templateId: number;
  /** The team's main account (active), to log in with. */
  username: string;
  password: string;
  devices: FleetDevice[];
}

export interface FleetOptions {
  /** Hardware units registered and bound to the template. */
  count: number;
  tags: readonly FleetTag[];
  /** SN prefix (letters and digits); SNs are `${prefix}-000001`… */
  prefix: string;
}

/** Rows per insert statement (keeps SQLite under its bound-variable limit). */
const ROWS_PER_INSERT = 200;

function chunked<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

/**
 * A team with its main account, one template with `tags` and `count` devices bound to it, written
 * straight into a migrated database in one transaction. For a server running in another process
 * (benchmarks, restart tests): binding a thousand devices through the API would hash a thousand PINs.
 */
export async function provisionFleet(database: Db, o: FleetOptions): Promise<Fleet> {
  const nowS = Math.floor(Date.now() / 1000);
  const password = `Fleet@${randomBytes(6).toString('hex')}`;
  const username = `${o.prefix.toLowerCase()}@fleet.local`;
  const [passwordHash, pinHash] = await Promise.all([hashPassword(password), hashPassword('fleet-pin')]);
  const secrets = Array.from({ length: o.count }, () => randomBytes(18).toString('base64url'));
  const sns = secrets.map((_, i) => `${o.prefix}-${String(i + 1).padStart(6, '0')}`);

  return database.db.transaction().execute(async (trx) => {
    const team = await trx
      .insertInto('teams')
      .values({ name: o.prefix, created_at: nowS })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Migration tests provision a fleet at older schemas, before users had joined_at (0019): the
    // column's default fills it on today's schema.
    const { joined_at: _joinedAt, ...user } = userRow({
      username,
      passwordHash,
      name: o.prefix,
      teamId: team.id,
      isMain: true,
      roleId: null,
      createdAt: nowS,
    });
    await trx.insertInto('users').values(user).execute();
    const template = await trx
      .insertInto('templates')
      .values({
        team_id: team.id,
        name: o.prefix,
        hmi_model: 'X10',
        version: 1,
        firmware: '',
        recipe: '',
        created_at: nowS,
        updated_at: nowS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (o.tags.length)
      await trx
        .insertInto('template_tags')
        .values(
          o.tags.map((t, sort) =>
            templateTagRow({
              template_id: template.id,
              name: t.name,
              data_type: t.data_type,
              access: 0,
              save_history: t.save_history ? 1 : 0,
              sort,
            }),
          ),
        )
        .execute();

    const devices: FleetDevice[] = [];
    for (const part of chunked(sns.map((sn, i) => ({ sn, secret: secrets[i] ?? '' })))) {
      await trx
        .insertInto('hardware')
        .values(
          part.map((d) => ({
            sn: d.sn,
            pin_hash: pinHash,
            model: 'X10',
            secret_hash: sha256(d.secret),
            created_at: nowS,
            revoked_at: null,
          })),
        )
        .execute();
      const rows = await trx
        .insertInto('devices')
        .values(
          part.map((d) => ({
            team_id: team.id,
            sn: d.sn,
            name: d.sn.replace(/-/g, '_'),
            model: 'X10',
            group_id: null,
            template_id: template.id,
            address: '',
            remark: '',
            hmi_sn: '',
            gateway_sn: '',
            customer_name: '',
            last_online_change: null,
            hmi_version: null,
            config_created_at: null,
            config_modified_at: null,
            created_at: nowS,
          })),
        )
        .returning(['id', 'sn'])
        .execute();
      const secretOf = new Map(part.map((d) => [d.sn, d.secret]));
      for (const r of rows) devices.push({ id: r.id, sn: r.sn, secret: secretOf.get(r.sn) ?? '' });
    }
    return { teamId: team.id, templateId: template.id, username, password, devices };
  });
}
