import i18next from 'i18next';
import { BillingMessageType, MessageKind, TeamMessageVariant, type Message } from '@hmi/contract';

/** Billing message types about team membership, worded by the web from their type and params. */
export const TEAM_MESSAGE_TYPES: readonly number[] = [
  BillingMessageType.INVITATION,
  BillingMessageType.INVITATION_CANCELLED,
  BillingMessageType.REMOVED_FROM_TEAM,
  BillingMessageType.MAIN_ACCOUNT_TRANSFER,
];

const variants: readonly unknown[] = Object.values(TeamMessageVariant);

export function isTeamMessage(m: Pick<Message, 'kind' | 'type'>): boolean {
  return m.kind === MessageKind.BILLING && m.type !== null && TEAM_MESSAGE_TYPES.includes(m.type);
}

/**
 * The locale key (holding `title` and `body`) of a billing message with params (the reminders 1-5
 * and the team messages 6-9), or null: messages stored before params existed, and wordings this
 * build does not know, keep the server's text.
 */
export function teamMessageKey(m: Pick<Message, 'kind' | 'type' | 'params'>): string | null {
  if (m.kind !== MessageKind.BILLING || m.type === null || !m.params) return null;
  const { variant } = m.params;
  const key = variants.includes(variant) ? `message:team.${m.type}.${variant}` : `message:team.${m.type}`;
  return i18next.exists(`${key}.body`) ? key : null;
}
