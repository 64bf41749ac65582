import type { z } from 'zod';
import {
  HAS_PERMISSION,
  hasPermission,
  MAIN_ACCOUNT,
  type PermissionHolder,
  type PermissionId,
  type PermissionRequirement,
} from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call: `public` needs no token; `session` needs a valid access token and the
 * permission; `refresh` carries the refresh token in the authorization header instead.
 */
export type CallAuth = 'public' | 'session' | 'refresh';

/**
 * What a session call needs: one permission id, `hasPermission` (nothing), or `anyOf` several ids
 * for a helper call that screens of different areas share (holding one of them suffices).
 */
export type CallPermission = PermissionRequirement | { anyOf: readonly [PermissionId, ...PermissionId[]] };

/** The ids a call's permission names (none for `hasPermission` and `mainAccount`). */
export function permissionIdsOf(permission: CallPermission): readonly PermissionId[] {
  if (permission === HAS_PERMISSION || permission === MAIN_ACCOUNT) return [];
  return typeof permission === 'number' ? [permission] : permission.anyOf;
}

/** The spec's check (main account, `hasPermission`, or a held id), passing `anyOf` on any one id. */
export function mayCall(user: PermissionHolder, permission: CallPermission): boolean {
  if (typeof permission === 'object') return permission.anyOf.some((id) => hasPermission(user, id));
  return hasPermission(user, permission);
}

/**
 * One API call: the single source of truth the server validates with, the client types with, and
 * the OpenAPI document is generated from. `path` is relative to `/v1` and uses `:param` segments.
 * `central` marks calls the client sends to the central account host (spec section 7).
 */
export interface CallDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  auth: CallAuth;
  permission: CallPermission;
  central?: boolean;
  summary: string;
  /** Largest accepted request body in bytes when above the app's default (1 MiB). */
  bodyLimit?: number;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

export function defineCall<
  Q extends z.ZodType,
  B extends z.ZodType,
  P extends z.ZodType,
  R extends z.ZodType,
>(def: CallDef<Q, B, P, R>): CallDef<Q, B, P, R> {
  return def;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type CallQuery<C> = C extends CallDef<infer Q, z.ZodType, z.ZodType, z.ZodType> ? Infer<Q> : never;
export type CallBody<C> = C extends CallDef<z.ZodType, infer B, z.ZodType, z.ZodType> ? Infer<B> : never;
export type CallParams<C> = C extends CallDef<z.ZodType, z.ZodType, infer P, z.ZodType> ? Infer<P> : never;
export type CallResponse<C> =
  C extends CallDef<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;
