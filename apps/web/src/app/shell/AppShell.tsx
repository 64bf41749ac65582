/**
 * The signed-in console: header on top, the permission-built menu on the left, the page beside it.
 * Below antd's `md` breakpoint (phones) the menu is a drawer opened from the header, so the page
 * keeps the whole width of the screen.
 */
import { useState } from 'react';
import { Drawer, Layout, theme } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLiveSession } from '../../live/hooks';
import { usePhone } from '../../ui/usePhone';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 220;

export function AppShell() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const phone = usePhone();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveSession();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: HEADER_HEIGHT,
          lineHeight: `${HEADER_HEIGHT}px`,
          paddingInline: phone ? 8 : 16,
          background: token.colorBgContainer,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        <HeaderBar
          phone={phone}
          collapsed={phone ? !drawerOpen : collapsed}
          onToggle={() => (phone ? setDrawerOpen((open) => !open) : setCollapsed((value) => !value))}
        />
      </Layout.Header>
      <Layout>
        {phone ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH + 40}
            title={t('common.productName')}
            styles={{ body: { padding: 0 } }}
            data-testid="menu-drawer"
          >
            <SideMenu collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDER_WIDTH}
            collapsed={collapsed}
            theme="light"
            style={{
              borderInlineEnd: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
              position: 'sticky',
              top: HEADER_HEIGHT,
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflow: 'auto',
            }}
          >
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout.Content style={{ padding: phone ? 8 : 16, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
