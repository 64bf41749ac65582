/** The face of the notification channels module: webhooks, their worker and flood control. */
export { installNotifyChannels, type NotifyChannels } from './install';
export { FloodGate, FLOOD_DIRECT_PER_MINUTE, FLOOD_WINDOW_SECONDS, type Digest } from './flood';
export type { WebhookTargets } from './target';
