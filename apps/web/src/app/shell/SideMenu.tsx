import { useState } from 'react';
import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/userStore';
import { menuItems, menuKeysFor } from './menuItems';

export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { menu } = useSession();
  const keys = menuKeysFor(pathname);
  // Open submenus are the user's choice; an area the user navigates into opens as well.
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  const [area, setArea] = useState(keys.open[0]);
  if (area !== keys.open[0]) {
    setArea(keys.open[0]);
    if (keys.open[0] && !openKeys.includes(keys.open[0])) setOpenKeys([...openKeys, keys.open[0]]);
  }
  return (
    <Menu
      mode="inline"
      items={menuItems(menu, t)}
      selectedKeys={keys.selected}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        onNavigate?.();
        void navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
