import { MessageKind } from '@hmi/contract';
import { MessageListPage } from './MessageListPage';

export function MsgAlarmPage() {
  return <MessageListPage kind={MessageKind.ALARM} />;
}
