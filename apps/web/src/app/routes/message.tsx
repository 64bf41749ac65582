import { area } from './area';
import { lazyNamed, page } from './lazy';

const MsgSystemPage = lazyNamed(() =>
  import('../../features/message/MsgSystemPage').then((m) => m.MsgSystemPage),
);
const MsgAlarmPage = lazyNamed(() =>
  import('../../features/message/MsgAlarmPage').then((m) => m.MsgAlarmPage),
);
const MsgBillingPage = lazyNamed(() =>
  import('../../features/message/MsgBillingPage').then((m) => m.MsgBillingPage),
);

export const MessageRoutes = area('message', [
  ['msgSystem', 'menu.msgSystem', page(MsgSystemPage)],
  ['msgAlarm', 'menu.msgAlarm', page(MsgAlarmPage)],
  ['msgBilling', 'menu.msgBilling', page(MsgBillingPage)],
]);
