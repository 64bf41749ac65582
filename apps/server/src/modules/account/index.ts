/** The face of the account module: what the app and other modules may use of it. */
export { activateAccount } from './activate-command';
export type { CentreAccount, CentrePort, RegionNotice } from './centre-port';
export { demoAccount, type DemoSeed } from './demo';
export type { CentralDirectory } from './directory';
export { installAccounts } from './install';
export type { Membership } from './membership';
export type { AccountDeps } from './policy';
export type { RegionAccounts } from './region-side';
