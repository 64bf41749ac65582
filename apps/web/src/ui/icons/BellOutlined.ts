import { BellOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const BellOutlined = /* @__PURE__ */ decorative(Icon);
