import type { WebhookDelivery } from '@hmi/contract';

/** Tag colour of a delivery state. */
export const statusColor: Record<WebhookDelivery['status'], string> = {
  ok: 'green',
  pending: 'gold',
  failed: 'red',
};
