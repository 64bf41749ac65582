/** Request parts of a contract call as the caller writes them (see `CallArgs` in client.ts). */
import type { CallArgs } from './client';

export type Body<C> =
  CallArgs<C> extends { body: infer B } ? B : CallArgs<C> extends { body?: infer B } ? B : never;
export type Query<C> = CallArgs<C> extends { query?: infer Q } ? NonNullable<Q> : never;
