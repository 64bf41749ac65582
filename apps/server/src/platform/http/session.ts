import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';

/** The signed-in caller, loaded from the database on every request. */
export interface SessionUser {
  id: number;
  teamId: number;
  isMain: boolean;
  roleId: number | null;
  /** Permission ids held (every id for the main account). */
  permissions: number[];
  /** Refresh-token family of this session. */
  familyId: string;
  row: UserRow;
}

/** Resolves the authorization header of a request to its user or throws 1008/1009/1001/1055. */
export type Authenticate = (req: FastifyRequest) => Promise<SessionUser>;

/** The caller of a `session` call (the registrar authenticated it; absent only by a wiring mistake). */
export function sessionUser(ctx: { user: SessionUser | null }): SessionUser {
  if (!ctx.user) throw new Error('session call without a user');
  return ctx.user;
}
