import type { Kysely } from 'kysely';

/**
 * The subscriber's time zone (IANA name, e.g. Asia/Shanghai), which the web sends with the
 * subscription as it sends the locale: alarm mails give their times in it and say which (issue 25:
 * they gave UTC). Null on rows written before: those mails stay in UTC and say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_subscriptions').addColumn('time_zone', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alarm_subscriptions').dropColumn('time_zone').execute();
}
