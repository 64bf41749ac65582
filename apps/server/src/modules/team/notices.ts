import { BillingMessageType, TeamMessageVariant, type MessageParams } from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database, InvitationRow } from '../../platform/db/schema';
import { storedMessage, type NewMessage, type MessageService } from '../message';
import type { TeamRepo } from './repo';

interface Recipient {
  teamId: number;
  userId: number;
}

/** A message to the account in the team it is in now. */
export function recipientOf(u: { id: number; team_id: number }): Recipient {
  return { teamId: u.team_id, userId: u.id };
}

/**
 * Team changes and the billing messages (6-9) telling of them, in one transaction: the messages are
 * written through the message module inside it, and their readers are told on the bus once it
 * commits. A message goes to the account concerned, in the team it belongs to at that moment.
 */
export class TeamTransactions {
  /** Recipients of the messages each open transaction wrote; told once it commits. */
  private readonly recipients = new WeakMap<Transaction<Database>, Recipient[]>();

  constructor(
    private readonly repo: TeamRepo,
    private readonly messages: MessageService,
    private readonly clock: Clock,
    /** Also the team services' way to the audit log. */
    readonly bus: Bus,
  ) {}

  now(): number {
    return epochSeconds(this.clock);
  }

  async run<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const told: Recipient[] = [];
    const result = await this.repo.transaction((trx) => {
      this.recipients.set(trx, told);
      return fn(trx);
    });
    for (const to of told) this.bus.emit('messages', to);
    return result;
  }

  async tell(
    q: Transaction<Database>,
    to: Recipient,
    type: number,
    text: { title: string; content: string; params: MessageParams },
  ): Promise<void> {
    const told = this.recipients.get(q);
    if (!told) throw new Error('team messages are written inside TeamTransactions.run');
    const m: NewMessage = {
      team_id: to.teamId,
      user_id: to.userId,
      kind: 'billing',
      type,
      ...text,
      created_at: this.now(),
    };
    await this.messages.write([storedMessage(m)], q);
    told.push(to);
  }

  /** Tells the invitees of voided invitations (type 7), in the teams they are in now. */
  async tellVoided(q: Transaction<Database>, voided: readonly InvitationRow[], teamName: string) {
    for (const inv of voided) {
      if (inv.kind !== 'invite') continue;
      const invitee = await this.repo.findUser(inv.invitee_user_id, q);
      if (!invitee) continue;
      await this.tell(q, recipientOf(invitee), BillingMessageType.INVITATION_CANCELLED, {
        title: 'Invitation cancelled',
        content: `The invitation to join team ${teamName} is no longer valid`,
        params: { variant: TeamMessageVariant.VOIDED, team: teamName },
      });
    }
  }

  /** The user's personal messages follow it into `teamId`. */
  followUser(userId: number, teamId: number, q: Transaction<Database>): Promise<void> {
    return this.messages.followUser(userId, teamId, q);
  }
}
