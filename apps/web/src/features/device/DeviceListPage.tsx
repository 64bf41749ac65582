import { EmptyStatePage } from '../../app/EmptyStatePage';

export function DeviceListPage() {
  return <EmptyStatePage titleKey="menu.devicelist" testId="page-devicelist" />;
}
