import { AndroidOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const AndroidOutlined = /* @__PURE__ */ decorative(Icon);
