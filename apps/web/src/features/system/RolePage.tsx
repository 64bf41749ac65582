import { EmptyStatePage } from '../../app/EmptyStatePage';

export function RolePage() {
  return <EmptyStatePage titleKey="menu.role" testId="page-role" />;
}
