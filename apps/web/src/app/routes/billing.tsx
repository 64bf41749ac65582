import { area } from './area';
import { lazyNamed, page } from './lazy';

const MyAccountPage = lazyNamed(() =>
  import('../../features/billing/MyAccountPage').then((m) => m.MyAccountPage),
);
const RechargeRecordPage = lazyNamed(() =>
  import('../../features/billing/RechargeRecordPage').then((m) => m.RechargeRecordPage),
);

export const BillingRoutes = area('billing', [
  ['myAccount', 'menu.myAccount', page(MyAccountPage)],
  ['rechargeRecord', 'menu.rechargeRecord', page(RechargeRecordPage)],
]);
