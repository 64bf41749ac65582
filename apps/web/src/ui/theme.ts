/** The look of spec sections 1 and 9: forced light, blue primary, the fixed sizes of the original. */
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { ui } from '@hmi/contract';

/** Base font 14 px at antd's default line height 1.5714 → 22 px line; the message box is 40 px tall. */
const MESSAGE_PADDING_BLOCK = (ui.messageLineHeight - 22) / 2;

/** antd's blue-7. */
export const BRAND_BLUE = '#0958d9';

export const appTheme: ThemeConfig = {
  // Light only, whatever the OS prefers.
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    // Blue, as the spec asks, dark enough for AA: white on it and it on white reach 6.2:1 (antd's
    // #1677ff gives 4.1:1, under the 4.5:1 that body text needs). Links and info follow it.
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    colorLink: BRAND_BLUE,
    fontSize: 14,
    borderRadius: 6,
    controlHeight: 40,
    controlHeightLG: 56,
    controlHeightSM: 32,
    controlHeightXS: 24,
    sizeUnit: ui.sizeUnit,
    lineWidth: ui.lineWidth,
    zIndexPopupBase: ui.zIndexPopupBase,
    // Checkbox and radio box size.
    controlInteractiveSize: ui.checkboxSize,
  },
  components: {
    Table: { headerBg: '#f5f5f5' },
    // Square pagination items.
    Pagination: { borderRadius: 0, borderRadiusSM: 0, borderRadiusLG: 0 },
    // Menu rows would otherwise take controlHeightLG (56); a console menu reads better at 40.
    Menu: { itemHeight: 40 },
    Message: { contentPadding: `${MESSAGE_PADDING_BLOCK}px 12px` },
  },
};

/** Spread into every `<Modal>` (and `modal.*` of `App.useApp()`): width 520, 100 px from the top. */
export const modalDefaults = { width: ui.modalWidth, style: { top: ui.modalTop } } as const;

/** Spread into confirm dialogs: width 416, 100 px from the top. */
export const confirmDefaults = { width: ui.confirmWidth, style: { top: ui.modalTop } } as const;
