import { EmptyStatePage } from '../../app/EmptyStatePage';

export function MyAccountPage() {
  return <EmptyStatePage titleKey="menu.myAccount" testId="page-myAccount" />;
}
