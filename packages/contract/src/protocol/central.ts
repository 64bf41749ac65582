/**
 * The server-to-server calls between a region (ROLE=region) and the central account service
 * (ROLE=central): path and the zod schemas of body and answer, parsed on both sides. Not browser
 * calls: they are signed with the shared CENTRAL_SECRET and stay out of the OpenAPI document.
 */
import { z } from 'zod';
import { dataCenterSchema } from '../calls/account';

const username = z.string().trim().min(1).max(254);
const password = z.string().min(1).max(64);

const accountId = z.number().int().positive();
/** The session (refresh family) a password change keeps at the region: the changer's own. */
const session = z.string().min(1).max(64);

export const centralAccount = z.object({
  /**
   * The centre's id of the account, never used again: an address removed and registered again is
   * another account, which a region tells apart from the row it kept of the first one.
   */
  id: accountId,
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
  /**
   * Removes the account once its password checks. The region is told as well, by a notice written
   * in the removing transaction: a region that gave up waiting (1207) still hears of it.
   */
  remove: { path: '/remove', body: z.object({ username, password }), response: z.null() },
  /** Replaces the password once the old one checks; told to the region as a removal is. */
  password: {
    path: '/password',
    body: z.object({ username, old_password: password, password, keep_session: session.nullable() }),
    response: z.null(),
  },
} as const;

export type CentralCallName = keyof typeof centralCalls;

/** Which account a call is about: its username, and the centre's id (null on older notices). */
const noticeAccount = { username, account_id: accountId.nullable() };

/**
 * The calls the centre makes to a region (the reverse direction, signed the same way): whether an
 * account may be removed (1202: a main account with members), that it was removed at the centre (the
 * region ends its sessions and clears its row), and that its password changed at `at` (the region
 * ends the sessions begun by then but `keep_session`, and forgets the account's failed logins). A
 * call about an account the region never held, or about an earlier account of the same address,
 * is no error and changes nothing (nor refuses anything).
 */
export const regionCalls = {
  removable: { path: '/removable', body: z.object(noticeAccount), response: z.null() },
  removed: { path: '/removed', body: z.object(noticeAccount), response: z.null() },
  password: {
    path: '/password',
    body: z.object({ ...noticeAccount, keep_session: session.nullable(), at: z.number().int() }),
    response: z.null(),
  },
} as const;

export type RegionCallName = keyof typeof regionCalls;
