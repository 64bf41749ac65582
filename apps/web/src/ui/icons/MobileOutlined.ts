import { MobileOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const MobileOutlined = /* @__PURE__ */ decorative(Icon);
