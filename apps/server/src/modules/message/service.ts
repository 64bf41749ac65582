import {
  ErrorCode,
  hasPermission,
  Permission,
  type CallBody,
  type CallQuery,
  type listMessages,
  type Message,
  type MessageCounts,
  type setMessagesRead,
} from '@hmi/contract';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { MessageKind } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { parseParams } from './params';
import { pageWindow, type Queryable } from '../../platform/db/sql';
import type { AlarmMessageFilter, MessageFilter, MessageRepo, Reader } from './repo';
import type { StoredMessage } from './rows';

export type { AlarmMessageFilter } from './repo';

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
  if (kind === 'billing' && !r.billing) fail(ErrorCode.AUTHORIZATION);
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
    q: CallQuery<typeof listMessages>,
  ): Promise<{ list: Message[]; total: number }> {
    const reader = readerFor(user, q.kind);
    const filter: MessageFilter = {
      kind: q.kind,
      isRead: q.is_read,
      type: q.type,
      start: q.start,
      end: q.end,
      keyword: q.keyword,
    };
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.list(reader, filter, offset, limit);
    return { list: rows.map(toMessage), total };
  }

  async setRead(user: SessionUser, b: CallBody<typeof setMessagesRead>): Promise<{ updated: number }> {
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

  /** A page of the reader's alarm messages (the alarm module's list; it words the filter). */
  alarmList(user: SessionUser, f: AlarmMessageFilter, page: { page: number; pageSize: number }) {
    const { offset, limit } = pageWindow(page.page, page.pageSize);
    return this.repo.alarmList({ userId: user.id, teamId: user.teamId }, f, offset, limit);
  }

  /**
   * Writes messages (built with `storedMessage`, rows.ts) inside the caller's transaction `q`, so they
   * commit or roll back with the change they tell of; the caller emits `messages` after its commit.
   */
  write(rows: readonly StoredMessage[], q: Queryable): Promise<void> {
    return this.repo.insert(rows, q);
  }

  /** The user's personal messages follow it to `teamId` (inside the caller's transaction). */
  followUser(userId: number, teamId: number, q: Queryable): Promise<void> {
    return this.repo.moveToTeam(userId, teamId, q);
  }
}
