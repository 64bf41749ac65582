import { MessageKind } from '@hmi/contract';
import { MessageListPage } from './MessageListPage';

export function MsgBillingPage() {
  return <MessageListPage kind={MessageKind.BILLING} />;
}
