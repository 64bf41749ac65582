/** The message centre's kind tabs with unread badges (billing messages need id 23). */
import { useNavigate } from 'react-router';
import { Badge, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, MessageKind, Permission, type MessageKindValue } from '@hmi/contract';
import { useSession } from '../../session/userStore';

export const messageCentreTabs: { kind: MessageKindValue; path: string; titleKey: string }[] = [
  { kind: MessageKind.NOTICE, path: '/message/msgSystem', titleKey: 'menu.msgSystem' },
  { kind: MessageKind.ALARM, path: '/message/msgAlarm', titleKey: 'menu.msgAlarm' },
  { kind: MessageKind.BILLING, path: '/message/msgBilling', titleKey: 'menu.msgBilling' },
];

export function MessageCentreTabs({ active }: { active: MessageKindValue }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, messageCounts } = useSession();
  const visible = messageCentreTabs.filter(
    (tab) =>
      tab.kind !== MessageKind.BILLING ||
      (userInfo !== null && hasPermission(userInfo, Permission.BILLING_MESSAGE_VIEW)),
  );
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => void navigate(messageCentreTabs.find((tab) => tab.kind === key)?.path ?? '/message')}
      items={visible.map((tab) => ({
        key: tab.kind,
        label: (
          <Badge
            count={messageCounts?.unread[tab.kind] ?? 0}
            size="small"
            offset={[10, -2]}
            overflowCount={99}
          >
            <span data-testid={`message-tab-${tab.kind}`}>{t(tab.titleKey)}</span>
          </Badge>
        ),
      }))}
    />
  );
}
