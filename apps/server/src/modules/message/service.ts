import { hasPermission, Permission, type Message, type MessageCounts } from '@hmi/contract';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { MessageKind } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { parseParams } from './params';
import type { MessageFilter, MessageRepo, Reader } from './repo';

const DAY = 86400;

/** The reader of a session: billing messages only with billing-message view (23). */
export function readerOf(user: SessionUser): Reader {
  return {
    userId: user.id,
    teamId: user.teamId,
    billing: hasPermission(
      { is_main: user.isMain, permissions: user.permissions },
      Permission.BILLING_MESSAGE_VIEW,
    ),
  };
}

/** A billing kind asked for explicitly without 23 is refused; otherwise billing is just left out. */
function readerFor(user: SessionUser, kind: MessageKind | undefined): Reader {
  const r = readerOf(user);
  if (kind === 'billing' && !r.billing) fail(1002);
  return r;
}

function toMessage(r: {
  id: number;
  kind: MessageKind;
  type: number | null;
  title: string;
  content: string;
  params: string | null;
  is_read: number;
  created_at: number;
}): Message {
  return {
    id: r.id,
    kind: r.kind,
    type: r.type === null ? null : Number(r.type),
    title: r.title,
    content: r.content,
    params: parseParams(r.params),
    is_read: Boolean(Number(r.is_read)),
    created_at: Number(r.created_at),
  };
}

export class MessageService {
  constructor(
    private readonly repo: MessageRepo,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  /** Billing counts stay 0 for a reader without 23. */
  async counts(user: SessionUser): Promise<MessageCounts> {
    const out: MessageCounts = {
      total: { notice: 0, billing: 0, alarm: 0 },
      unread: { notice: 0, billing: 0, alarm: 0 },
    };
    for (const r of await this.repo.countByKind(readerOf(user))) {
      out.total[r.kind] += r.n;
      out.unread[r.kind] += r.n - r.read;
    }
    return out;
  }

  /** Messages since the caller's local midnight; the offset is hours east of UTC. */
  async today(user: SessionUser, tzOffsetHours: number, kind: MessageKind | undefined, limit: number) {
    const reader = readerFor(user, kind);
    const offset = Math.round(tzOffsetHours * 3600);
    const local = epochSeconds(this.clock) + offset;
    const since = local - (((local % DAY) + DAY) % DAY) - offset;
    const { rows, total } = await this.repo.list(reader, { kind, start: since }, 0, limit);
    return { list: rows.map(toMessage), total };
  }

  async list(
    user: SessionUser,
    q: MessageFilter & { page: number; pageSize: number },
  ): Promise<{ list: Message[]; total: number }> {
    const reader = readerFor(user, q.kind);
    const filter: MessageFilter = {
      kind: q.kind,
      isRead: q.isRead,
      type: q.type,
      start: q.start,
      end: q.end,
      keyword: q.keyword,
    };
    const { rows, total } = await this.repo.list(reader, filter, (q.page - 1) * q.pageSize, q.pageSize);
    return { list: rows.map(toMessage), total };
  }

  async setRead(
    user: SessionUser,
    b: { ids?: number[] | undefined; kind?: MessageKind | undefined; all: boolean },
  ): Promise<{ updated: number }> {
    const reader = readerFor(user, b.kind);
    const ids = b.ids?.length ? [...new Set(b.ids)] : null;
    const updated = await this.repo.markRead(
      reader,
      { kind: b.kind },
      b.all && !ids ? null : (ids ?? []),
      epochSeconds(this.clock),
    );
    // The user's other tabs and windows update their unread counts.
    if (updated) this.bus.emit('messages', { teamId: user.teamId, userId: user.id });
    return { updated };
  }
}
