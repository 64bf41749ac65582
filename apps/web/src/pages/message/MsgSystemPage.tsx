import { MessageKind } from '@hmi/contract';
import { MessageListPage } from './MessageListPage';

export function MsgSystemPage() {
  return <MessageListPage kind={MessageKind.NOTICE} />;
}
