import { EmptyStatePage } from '../../app/EmptyStatePage';

export function RechargeRecordPage() {
  return <EmptyStatePage titleKey="menu.rechargeRecord" testId="page-rechargeRecord" />;
}
