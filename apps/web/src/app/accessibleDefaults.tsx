/**
 * ConfigProvider defaults that give antd's built-in icon buttons names in the interface language:
 * without them the search button of every `Input.Search` is named "search" in every locale (antd
 * renders its icons with their English names). The password toggle is a button of antd's own
 * (Tab-reachable, named from the locale pack's `global.show` / `hide`, see `passwordToggleTexts`);
 * its icon is decorative (ui/icons).
 */
import type { ConfigProviderProps } from 'antd/es/config-provider';
import type { TFunction } from 'i18next';
import { EyeInvisibleOutlined, EyeOutlined, SearchOutlined } from '../ui/icons';

/** 14 px icon + 5 px each side: the 24 px target WCAG 2.5.8 asks for, without a taller input. */
const toggleStyle = { padding: 5, marginBlock: -5 } as const;

export function accessibleDefaults(t: TFunction): Pick<ConfigProviderProps, 'inputSearch' | 'inputPassword'> {
  return {
    inputSearch: { searchIcon: <SearchOutlined aria-label={t('common.search')} /> },
    inputPassword: {
      iconRender: (visible) =>
        visible ? <EyeOutlined style={toggleStyle} /> : <EyeInvisibleOutlined style={toggleStyle} />,
    },
  };
}

/**
 * The names of antd's password toggle (its only use of `global.show` / `hide`): "show password"
 * rather than the pack's bare "show", which says nothing of what is shown.
 */
export function passwordToggleTexts(t: TFunction): { show: string; hide: string } {
  return { show: t('common.showPassword'), hide: t('common.hidePassword') };
}
