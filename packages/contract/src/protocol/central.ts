/**
 * The server-to-server calls between a region (ROLE=region) and the central account service
 * (ROLE=central): path and the zod schemas of body and answer, parsed on both sides. Not browser
 * calls: they are signed with the shared CENTRAL_SECRET and stay out of the OpenAPI document.
 */
import { z } from 'zod';
import { dataCenterSchema } from '../calls/account';

const username = z.string().trim().min(1).max(254);
const password = z.string().min(1).max(64);

export const centralAccount = z.object({
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  contact: z.string(),
  data_center: dataCenterSchema,
  created_at: z.number().int(),
  status: z.enum(['active', 'pending']),
});

export const centralCalls = {
  /** The account once its password checks (1010 unknown, 1004 wrong password). */
  verify: { path: '/verify', body: z.object({ username, password }), response: centralAccount },
  /** Which data centre holds the account, and the account (null: no such account). */
  directory: {
    path: '/directory',
    body: z.object({ username }),
    response: z.object({ data_center: dataCenterSchema.nullable(), account: centralAccount.nullable() }),
  },
  /** Removes the account once its password checks. */
  remove: { path: '/remove', body: z.object({ username, password }), response: z.null() },
  /** Replaces the password once the old one checks. */
  password: {
    path: '/password',
    body: z.object({ username, old_password: password, password }),
    response: z.null(),
  },
} as const;

export type CentralCallName = keyof typeof centralCalls;

/**
 * The calls the centre makes to a region (the reverse direction, signed the same way): whether an
 * account may be removed (1202: a main account with members), and that it was removed at the centre
 * (the region ends its sessions and clears its row; an account the region never held is no error).
 */
export const regionCalls = {
  removable: { path: '/removable', body: z.object({ username }), response: z.null() },
  removed: { path: '/removed', body: z.object({ username }), response: z.null() },
} as const;

export type RegionCallName = keyof typeof regionCalls;
