/**
 * ConfigProvider defaults that give antd's built-in icon buttons names in the interface language:
 * without them the search button of every `Input.Search` is named "search" and the password
 * toggle "eye-invisible", in every locale (antd renders its icons with their English names).
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
        visible ? (
          <EyeOutlined aria-label={t('common.hidePassword')} style={toggleStyle} />
        ) : (
          <EyeInvisibleOutlined aria-label={t('common.showPassword')} style={toggleStyle} />
        ),
    },
  };
}
