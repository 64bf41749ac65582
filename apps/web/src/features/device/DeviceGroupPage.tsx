import { EmptyStatePage } from '../../app/EmptyStatePage';

export function DeviceGroupPage() {
  return <EmptyStatePage titleKey="menu.devicegroup" testId="page-devicegroup" />;
}
