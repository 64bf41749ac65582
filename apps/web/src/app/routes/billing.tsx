import { MyAccountPage } from '../../features/billing/MyAccountPage';
import { RechargeRecordPage } from '../../features/billing/RechargeRecordPage';
import { area } from './area';

export const BillingRoutes = area('billing', [
  ['myAccount', 'menu.myAccount', <MyAccountPage />],
  ['rechargeRecord', 'menu.rechargeRecord', <RechargeRecordPage />],
]);
