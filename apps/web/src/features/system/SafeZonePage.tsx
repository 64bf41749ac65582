import { EmptyStatePage } from '../../app/EmptyStatePage';

export function SafeZonePage() {
  return <EmptyStatePage titleKey="menu.safeZone" testId="page-safeZone" />;
}
