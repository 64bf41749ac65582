/** Top bar: product name, unread-message badge, language switch and the user menu. */
import { Avatar, Button, Dropdown, Flex, Typography, theme } from 'antd';
import {
  CloudServerOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TodayMessages } from './TodayMessages';
import { useSession } from '../../session/userStore';

interface HeaderBarProps {
  collapsed: boolean;
  onToggle: () => void;
}

export function HeaderBar({ collapsed, onToggle }: HeaderBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { userInfo, logout } = useSession();
  const displayName = userInfo?.alias_name || userInfo?.name || userInfo?.account || '';

  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }}>
      <Flex align="center" gap={12}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          aria-label={t(collapsed ? 'common.expandMenu' : 'common.collapseMenu')}
          onClick={onToggle}
        />
        <CloudServerOutlined style={{ fontSize: 22, color: token.colorPrimary }} />
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="product-name">
          {t('common.productName')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={8}>
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
          <Button type="text" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: token.colorPrimary }} />
            <span>{displayName}</span>
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
