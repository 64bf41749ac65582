/** antd menu items from the user's menu (contract buildMenu), one icon per area. */
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import {
  AccountBookOutlined,
  DashboardOutlined,
  DesktopOutlined,
  MessageOutlined,
  SettingOutlined,
} from '../../ui/icons';
import type { MenuEntry } from '@hmi/contract';

const areaIcons: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  device: <DesktopOutlined />,
  billing: <AccountBookOutlined />,
  message: <MessageOutlined />,
  system: <SettingOutlined />,
};

type Items = NonNullable<MenuProps['items']>;

export function menuItems(entries: readonly MenuEntry[], t: TFunction): Items {
  return entries.map((entry) => ({
    key: entry.path,
    icon: areaIcons[entry.key],
    label: t(entry.titleKey),
    'data-testid': `menu-${entry.key}`,
    children: entry.children ? menuItems(entry.children, t) : undefined,
  }));
}

/** The menu keys (paths) to highlight and open for a location. */
export function menuKeysFor(pathname: string): { selected: string[]; open: string[] } {
  const parts = pathname.split('/').filter(Boolean);
  const area = parts[0] ? `/${parts[0]}` : '';
  const leaf = parts[1] ? `${area}/${parts[1]}` : area;
  return { selected: leaf ? [leaf] : [], open: area ? [area] : [] };
}
