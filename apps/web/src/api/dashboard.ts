/** The data dashboard: device counters and the caller's favourite devices. */
import { getDashboard as getDef } from '@hmi/contract';
import { call, type CallOptions } from './client';

export const getDashboard = (options?: CallOptions) => call(getDef, {}, options);
