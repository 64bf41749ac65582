import type { Generated } from 'kysely';

/** A team-level alarm webhook (issue 26). `enabled` 0/1; the secret signs every delivery. */
export interface WebhookTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  url: string;
  secret: string;
  min_level: number;
  enabled: number;
  created_at: number;
}

/** One delivery to a webhook: its JSON body, state (`pending`, `ok`, `failed`) and last answer. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  /** `alarm`, `digest` or `test`. */
  event: string;
  body: string;
  status: string;
  attempts: Generated<number>;
  http_status: number | null;
  answer: Generated<string>;
  created_at: number;
  attempted_at: number | null;
  /** Epoch seconds the next attempt is due (null once ok or failed). */
  next_at: number | null;
}

export interface NotifyTables {
  webhooks: WebhookTable;
  webhook_deliveries: WebhookDeliveryTable;
}
