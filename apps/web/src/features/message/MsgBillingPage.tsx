import { EmptyStatePage } from '../../app/EmptyStatePage';

export function MsgBillingPage() {
  return <EmptyStatePage titleKey="menu.msgBilling" testId="page-msgBilling" />;
}
