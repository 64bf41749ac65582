import { EmptyStatePage } from '../../app/EmptyStatePage';

export function MsgAlarmPage() {
  return <EmptyStatePage titleKey="menu.msgAlarm" testId="page-msgAlarm" />;
}
