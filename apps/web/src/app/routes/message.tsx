import { MsgAlarmPage } from '../../features/message/MsgAlarmPage';
import { MsgBillingPage } from '../../features/message/MsgBillingPage';
import { MsgSystemPage } from '../../features/message/MsgSystemPage';
import { area } from './area';

export const MessageRoutes = area('message', [
  ['msgSystem', 'menu.msgSystem', <MsgSystemPage />],
  ['msgAlarm', 'menu.msgAlarm', <MsgAlarmPage />],
  ['msgBilling', 'menu.msgBilling', <MsgBillingPage />],
]);
