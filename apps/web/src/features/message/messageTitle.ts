import i18next from 'i18next';
import { BillingMessageType, MessageKind, type Message } from '@hmi/contract';

/** Billing message types whose server title is replaced by the translation of the type. */
const TRANSLATED_TYPES: readonly number[] = [
  BillingMessageType.INVITATION,
  BillingMessageType.INVITATION_CANCELLED,
  BillingMessageType.REMOVED_FROM_TEAM,
  BillingMessageType.MAIN_ACCOUNT_TRANSFER,
];

/** The title shown for a message: team billing messages (types 6-9) by their translated type. */
export function messageTitle(m: Pick<Message, 'kind' | 'type' | 'title'>): string {
  if (m.kind === MessageKind.BILLING && m.type !== null && TRANSLATED_TYPES.includes(m.type))
    return i18next.t(`enums.billingMessageType.${m.type}`);
  return m.title;
}
