/**
 * The language switch's menu (antd `Dropdown` with `Menu`, ~18 KB compressed): loaded on the
 * switch's first use, so the login page's first load goes without it.
 */
import { useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import type { Locale } from '@hmi/contract';

export interface LanguageMenuProps {
  current: Locale;
  items: { key: Locale; label: string }[];
  onSwitch: (locale: Locale) => void;
  /** Opened by the press that loaded it. */
  initiallyOpen: boolean;
  children: ReactElement;
}

export function LanguageMenu({ current, items, onSwitch, initiallyOpen, children }: LanguageMenuProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items,
        onClick: ({ key }) => {
          setOpen(false);
          onSwitch(key as Locale);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
