import { ErrorCode, BillingCardType, hasPermission, Permission, type BillingCard } from '@hmi/contract';
import { audit } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { fail, failInput, failRetry } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import type { DataPermissionService } from '../data-permissions';
import { visibleDevice } from './access';
import { CARD_VALIDITY_SECONDS, type CardTypeValue } from './cards';
import type { Entitlements } from './entitlements';
import { CardType, type BillingRepo, type CardFilter } from './repo';
import { cardStatus, toCard } from './views';

/** Wrong card numbers or passwords allowed per team and per address in the window (then 1201). */
export const cardAttemptPolicy = { perTeam: 10, perAddress: 20, windowSeconds: 15 * 60 } as const;

export interface CardInput {
  type: CardTypeValue;
  card_no: string;
  password: string;
}

/** Compared against when no card has the number, so a wrong number costs as long as a wrong password. */
const decoyHash = hashPassword('decoy-card-password');

/** The team's cards: listing, billing detail, activation records, activation, allocation to a device. */
export class CardService {
  private readonly teamAttempts: SlidingWindowLimiter;
  private readonly addressAttempts: SlidingWindowLimiter;

  constructor(
    private readonly repo: BillingRepo,
    private readonly perms: DataPermissionService,
    private readonly entitlements: Entitlements,
    private readonly clock: Clock,
    private readonly bus: Bus | null = null,
  ) {
    const p = cardAttemptPolicy;
    this.teamAttempts = new SlidingWindowLimiter(repo.db, clock, 'card-team', p.perTeam, p.windowSeconds);
    this.addressAttempts = new SlidingWindowLimiter(
      repo.db,
      clock,
      'card-address',
      p.perAddress,
      p.windowSeconds,
    );
  }

  private now(): number {
    return epochSeconds(this.clock);
  }

  async list(user: SessionUser, q: CardFilter & { page: number; pageSize: number }) {
    const scope = await this.perms.scope(user);
    const now = this.now();
    const { rows, total } = await this.repo.listCards(user.teamId, q, now, q.page, q.pageSize);
    return { list: rows.map((r) => toCard(r, now, scope)), total };
  }

  async detail(user: SessionUser, id: number) {
    const scope = await this.perms.scope(user);
    const card = await this.repo.findCard(user.teamId, id);
    if (!card) fail(ErrorCode.NO_DATA);
    const visible = (groupId: number | null) =>
      scope.all || (groupId !== null && scope.groupIds.has(groupId));
    const usage = (await this.repo.cardUsage(id)).filter((u) => visible(u.group_id));
    return {
      card: toCard(card, this.now(), scope),
      usage: usage.map((u) => ({
        month: u.month,
        device_id: u.device_id,
        device_name: u.device_name,
        bytes: Number(u.bytes),
      })),
    };
  }

  async recharges(user: SessionUser, q: { page: number; pageSize: number; type?: number | undefined }) {
    const { rows, total } = await this.repo.recharges(user.teamId, q.type, q.page, q.pageSize);
    return {
      list: rows.map((r) => ({
        card_id: r.id,
        number: r.number,
        type: r.type as CardTypeValue,
        tag_count: r.tag_count,
        template_count: r.template_count,
        traffic_bytes: Number(r.traffic_bytes),
        activated_at: Number(r.activated_at),
        expires_at: Number(r.expires_at),
        activated_by_name: r.activated_by_name,
      })),
      total,
    };
  }

  /**
   * The card named by `input` if its password is right. Every try is counted before the password
   * is compared (1201 over the limit, even with the right one); a right one is uncounted again.
   */
  private async verified(user: SessionUser, input: CardInput, address: string) {
    const needed =
      input.type === BillingCardType.CLOUD_APPLICATION
        ? Permission.ACCOUNT_CLOUD_TOPUP
        : Permission.ACCOUNT_REMOTE_TOPUP;
    if (!hasPermission({ is_main: user.isMain, permissions: user.permissions }, needed))
      fail(ErrorCode.AUTHORIZATION);
    const team = await this.teamAttempts.claim(`team:${user.teamId}`);
    const addr = await this.addressAttempts.claim(address);
    const wait = Math.max(team.retryAfter, addr.retryAfter);
    if (wait > 0) {
      await Promise.all([team.release(), addr.release()]);
      failRetry(ErrorCode.TOO_MANY_ATTEMPTS, wait);
    }
    const card = await this.repo.findByTail(input.card_no);
    const right = await verifyPassword(input.password, card?.password_hash ?? (await decoyHash));
    if (!card || !right || card.type !== input.type) fail(ErrorCode.CARD_WRONG);
    await Promise.all([team.release(), addr.release()]);
    if (card.team_id !== null)
      fail(
        card.team_id === user.teamId ? ErrorCode.CARD_ALREADY_ACTIVATED : ErrorCode.CARD_ALREADY_ACTIVATED_2,
      );
    if (card.activation_deadline < this.now()) fail(ErrorCode.CARD_ACTIVATION_EXPIRED);
    return card;
  }

  async check(user: SessionUser, input: CardInput, address: string) {
    const card = await this.verified(user, input, address);
    return {
      number: card.number,
      type: card.type as CardTypeValue,
      tag_count: card.tag_count,
      template_count: card.template_count,
      traffic_bytes: Number(card.traffic_bytes),
      validity_days: Math.round(CARD_VALIDITY_SECONDS / 86400),
      activation_deadline: Number(card.activation_deadline),
    };
  }

  async activate(user: SessionUser, input: CardInput, address: string): Promise<BillingCard> {
    const card = await this.verified(user, input, address);
    const now = this.now();
    if (!(await this.repo.activate(card.id, user.teamId, user.id, now, now + CARD_VALIDITY_SECONDS))) {
      // A concurrent activation won.
      const winner = await this.repo.findByTail(input.card_no);
      fail(
        winner?.team_id === user.teamId
          ? ErrorCode.CARD_ALREADY_ACTIVATED
          : ErrorCode.CARD_ALREADY_ACTIVATED_2,
      );
    }
    if (card.type === CardType.CA) await this.entitlements.expireAndRestore(user.teamId);
    if (this.bus)
      audit(this.bus, {
        teamId: user.teamId,
        userId: user.id,
        action: 'cardActivated',
        target: input.card_no,
        // The type by name (the log showed "type: 2"); the web and the export word it per locale.
        detail: { type: card.type === CardType.CA ? 'cloud' : 'remote' },
        ip: address,
      });
    const scope = await this.perms.scope(user);
    const row = await this.repo.findCard(user.teamId, card.id);
    return row ? toCard(row, now, scope) : fail(ErrorCode.NO_DATA);
  }

  /** Allocates an active Remote Access card to one device, which alone consumes it from then on. */
  async allocate(user: SessionUser, id: number, deviceId: number): Promise<BillingCard> {
    const card = await this.repo.findCard(user.teamId, id);
    if (!card) fail(ErrorCode.NO_DATA);
    const { scope, device } = await visibleDevice(this.repo, this.perms, user, deviceId);
    const now = this.now();
    if (card.type !== CardType.RA) failInput('id', 'cardType');
    if (cardStatus(card, now) !== 1) failInput('id', 'cardOutdated');
    if (card.allocated_at !== null || !(await this.repo.allocateCard(card.id, device, now)))
      failInput('device_id', 'cardAllocated');
    if (this.bus)
      audit(this.bus, {
        teamId: user.teamId,
        userId: user.id,
        action: 'cardAllocated',
        target: card.number_tail,
        detail: { device: device.name },
      });
    const row = await this.repo.findCard(user.teamId, id);
    return row ? toCard(row, now, scope) : fail(ErrorCode.NO_DATA);
  }
}
