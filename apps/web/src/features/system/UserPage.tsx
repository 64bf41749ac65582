import { EmptyStatePage } from '../../app/EmptyStatePage';

export function UserPage() {
  return <EmptyStatePage titleKey="menu.user" testId="page-user" />;
}
