/** The signed-in console: header on top, the permission-built menu on the left, the page beside it. */
import { useState } from 'react';
import { Layout, theme } from 'antd';
import { Outlet } from 'react-router';
import { useLiveSession } from '../../live/hooks';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';

const HEADER_HEIGHT = 56;
const SIDER_WIDTH = 220;

export function AppShell() {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
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
          paddingInline: 16,
          background: token.colorBgContainer,
          borderBottom: `${token.lineWidth}px solid ${token.colorBorderSecondary}`,
        }}
      >
        <HeaderBar collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsed={collapsed}
          // Phones start with the menu folded, so the page keeps the width of the screen.
          breakpoint="md"
          onBreakpoint={setCollapsed}
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
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
