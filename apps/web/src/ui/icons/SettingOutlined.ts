import { SettingOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const SettingOutlined = /* @__PURE__ */ decorative(Icon);
