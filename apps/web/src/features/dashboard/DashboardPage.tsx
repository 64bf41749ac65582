import { EmptyStatePage } from '../../app/EmptyStatePage';

export function DashboardPage() {
  return <EmptyStatePage titleKey="menu.dashboard" testId="page-dashboard" />;
}
