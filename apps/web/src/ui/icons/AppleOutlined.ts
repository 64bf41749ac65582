import { AppleOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const AppleOutlined = /* @__PURE__ */ decorative(Icon);
