import type { CallDef, CallResponse, DataCenter } from '@hmi/contract';

/** An account as the central directory knows it (never its password hash). */
export interface CentreAccount {
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
  /** The data centre holding the account, or null when the centre knows no such account. */
  dataCenterOf(username: string): Promise<DataCenter | null>;
  /** Removes the account at the centre once `password` checks (1004). */
  remove(username: string, password: string): Promise<void>;
  /** Replaces the password at the centre once `oldPassword` checks (1004). */
  changePassword(username: string, oldPassword: string, password: string): Promise<void>;
  /**
   * Sends a central call of the browser (register, activate …) on to the centre: its data, or its
   * non-zero code (with data and Retry-After) thrown as this server's answer.
   */
  forward<C extends CallDef>(
    def: C,
    args: { query?: unknown; body?: unknown; address: string },
  ): Promise<CallResponse<C>>;
}
