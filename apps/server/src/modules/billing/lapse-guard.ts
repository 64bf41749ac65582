import { ErrorCode } from '@hmi/contract';
import type { LapseKind } from '../../platform/db/schema-billing';
import { fail } from '../../platform/errors';
import type { BillingApi } from './install';

export type AllowanceSource = Pick<BillingApi, 'templateAllowance' | 'lapsed'>;

/**
 * What the templates and projects modules ask billing: how many the team may hold (1033 at the
 * limit) and which are out of service (listed with an expired mark, read-only: 1033).
 */
export class LapseGuard {
  constructor(
    private readonly billing: AllowanceSource,
    private readonly kind: LapseKind,
  ) {}

  /** How many the team may hold; null: unlimited. Read before the creating transaction begins. */
  allowance(teamId: number): Promise<number | null> {
    return this.billing.templateAllowance(teamId);
  }

  /** 1033 when the team holds `count` already and may hold no more. */
  assertRoom(count: number, allowance: number | null): void {
    if (allowance !== null && count >= allowance) fail(ErrorCode.TEMPLATE_LIMIT);
  }

  async expiredIds(teamId: number): Promise<Set<number>> {
    return new Set(await this.billing.lapsed(teamId, this.kind));
  }

  async isExpired(teamId: number, id: number): Promise<boolean> {
    return (await this.expiredIds(teamId)).has(id);
  }

  /** 1033 for one out of service: it may be read and deleted, not changed, copied or bound. */
  async assertLive(teamId: number, id: number): Promise<void> {
    if (await this.isExpired(teamId, id)) fail(ErrorCode.TEMPLATE_LIMIT, { reason: 'expired' });
  }
}
