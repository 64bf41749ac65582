import type { Generated } from 'kysely';

/** The audit log (migration 0015), written by the audit module only; epoch seconds. */
export interface AuditLogTable {
  id: Generated<number>;
  team_id: number;
  at: number;
  /** The acting account; null once it is gone (the name and account stay). */
  user_id: number | null;
  user_name: string;
  user_account: string;
  ip: string;
  action: string;
  target: string;
  /** JSON object of texts. */
  detail: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
