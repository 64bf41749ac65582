import { EmptyStatePage } from '../../app/EmptyStatePage';

export function MsgSystemPage() {
  return <EmptyStatePage titleKey="menu.msgSystem" testId="page-msgSystem" />;
}
