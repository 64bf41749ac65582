import { LogoutOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const LogoutOutlined = /* @__PURE__ */ decorative(Icon);
