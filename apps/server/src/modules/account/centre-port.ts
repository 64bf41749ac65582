import type { CallDef, CallResponse, DataCenter } from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** An account as the central directory knows it (never its password hash). */
export interface CentreAccount {
  /** The centre's id of the account (never used again for another account). */
  id: number;
  username: string;
  email: string | null;
  phone: string | null;
  name: string;
  contact: string;
  data_center: DataCenter;
  created_at: number;
  status: 'active' | 'pending';
}

/**
 * What a region (ROLE=region) asks of the central account service. Every method fails with the centre's
 * catalogue code (1010, 1004 …) or 1207 when the centre cannot be reached; the central module
 * implements it over the authenticated server-to-server calls.
 */
export interface CentrePort {
  /** The account when `password` is its password (1010 unknown, 1004 wrong password). */
  verify(username: string, password: string): Promise<CentreAccount>;
  /** The account as the centre's directory holds it, or null when the centre knows no such account. */
  accountOf(username: string): Promise<CentreAccount | null>;
  /**
   * Removes the account at the centre once `password` checks (1004). After 1207 it may still happen
   * at the centre: the centre's notice tells this region then.
   */
  remove(username: string, password: string): Promise<void>;
  /**
   * Replaces the password at the centre once `oldPassword` checks (1004); the region's sessions but
   * `keepSession` end (after 1207 too, by the centre's notice, once it happened).
   */
  changePassword(
    username: string,
    oldPassword: string,
    password: string,
    keepSession: string | null,
  ): Promise<void>;
  /**
   * Sends a central call of the browser (register, activate …) on to the centre: its data, or its
   * non-zero code (with data and Retry-After) thrown as this server's answer.
   */
  forward<C extends CallDef>(
    def: C,
    args: { query?: unknown; body?: unknown; address: string },
  ): Promise<CallResponse<C>>;
}

/** What the centre tells an account's region: it was removed, or its password changed. */
export type RegionNotice =
  | { kind: 'removed'; username: string; accountId: number }
  | { kind: 'password'; username: string; accountId: number; keepSession: string | null };

/**
 * ROLE=central: what the centre tells an account's region (the central module's outbox of signed
 * calls to the regions).
 */
export interface RegionNoticePort {
  /** 1202 when the region holds the account as a main account with members; an unreachable region lets it go. */
  assertRemovable(dataCenter: DataCenter, username: string, accountId: number): Promise<void>;
  /** Records the notice in the transaction that makes the change (the region hears of it or it never happened); its id. */
  add(trx: Transaction<Database>, dataCenter: DataCenter, notice: RegionNotice): Promise<number>;
  /** Tries to deliver the notice now; false when the region was not reached (it is retried later). */
  deliverNow(id: number): Promise<boolean>;
}
