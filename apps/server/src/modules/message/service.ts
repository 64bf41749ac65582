import type { Message, MessageCounts } from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { MessageKind } from '../../platform/db/schema';
import type { MessageRepo } from './repo';

const DAY = 86400;

export class MessageService {
  constructor(
    private readonly repo: MessageRepo,
    private readonly clock: Clock,
  ) {}

  async counts(userId: number, teamId: number): Promise<MessageCounts> {
    const out: MessageCounts = {
      total: { notice: 0, billing: 0, alarm: 0 },
      unread: { notice: 0, billing: 0, alarm: 0 },
    };
    for (const r of await this.repo.countByKind(userId, teamId)) {
      const n = Number(r.n);
      out.total[r.kind] += n;
      if (!r.is_read) out.unread[r.kind] += n;
    }
    return out;
  }

  /** Messages since the caller's local midnight; the offset is hours east of UTC. */
  async today(
    userId: number,
    teamId: number,
    tzOffsetHours: number,
    kind: MessageKind | undefined,
    limit: number,
  ) {
    const offset = Math.round(tzOffsetHours * 3600);
    const local = epochSeconds(this.clock) + offset;
    const since = local - (((local % DAY) + DAY) % DAY) - offset;
    const { rows, total } = await this.repo.listSince(userId, teamId, since, kind, limit);
    const list: Message[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      content: r.content,
      is_read: Boolean(r.is_read),
      created_at: Number(r.created_at),
    }));
    return { list, total };
  }
}
