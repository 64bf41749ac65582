export * from './errors';
export * from './permissions';
export * from './menu';
export * from './tables';
export * from './constants';
export * from './validators';
export * from './call';
export * from './zod-helpers';
export * from './calls/account';
export * from './calls/message';

import { accountCalls } from './calls/account';
import { messageCalls } from './calls/message';

/** Every call of the product; the server registers these and the OpenAPI document lists them. */
export const allCalls = [...accountCalls, ...messageCalls] as const;
