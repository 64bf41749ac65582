/** Top bar: product name, unread-message badge, language switch and the user menu. */
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import {
  CloudServerOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '../../ui/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TodayMessages } from './TodayMessages';
import { useSession } from '../../session/userStore';

interface HeaderBarProps {
  /** Phone width: the product name and the user's name give way to the controls. */
  phone: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

export function HeaderBar({ phone, collapsed, onToggle }: HeaderBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { userInfo, logout } = useSession();
  const displayName = userInfo?.alias_name || userInfo?.name || userInfo?.account || '';

  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Flex align="center" gap={phone ? 4 : 12} style={{ minWidth: 0 }}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(collapsed ? 'common.expandMenu' : 'common.collapseMenu')}
          aria-expanded={!collapsed}
          onClick={onToggle}
          data-testid="menu-toggle"
        />
        <CloudServerOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
        <Typography.Text
          strong
          ellipsis
          style={{ fontSize: phone ? 16 : 18, whiteSpace: 'nowrap' }}
          data-testid="product-name"
        >
          {t('common.productName')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={phone ? 0 : 8} style={{ flexShrink: 0 }}>
        <TodayMessages />
        <LanguageSwitch />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', icon: <UserOutlined />, label: t('common.personalCenter') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('common.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') void navigate('/system/profile');
              else void logout();
            },
          }}
        >
          <Button type="text" data-testid="user-menu" aria-label={phone ? displayName : undefined}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} />
            {!phone && <span>{displayName}</span>}
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
