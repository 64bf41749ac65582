/** /message/msgAlarm: the alarm messages under the message centre's tabs. */
import { Card } from 'antd';
import { MessageKind } from '@hmi/contract';
import { AlarmMessageList } from '../../features/alarm/messages/AlarmMessageList';
import { MessageCentreTabs } from '../../features/message/MessageCentreTabs';

export function MsgAlarmPage() {
  return (
    <div data-testid="page-msgAlarm">
      <Card>
        <MessageCentreTabs active={MessageKind.ALARM} />
        <AlarmMessageList />
      </Card>
    </div>
  );
}
