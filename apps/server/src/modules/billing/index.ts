/** The face of the billing module: what the app and other modules may use of it. */
export { cardsIssue, cardsIssueUsage } from './cards-command';
export type { HistoryPolicy } from './entitlements';
export { installBilling, type BillingApi } from './install';
export { LapseGuard, type AllowanceSource } from './lapse-guard';
