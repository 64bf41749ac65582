import { DesktopOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DesktopOutlined = /* @__PURE__ */ decorative(Icon);
