import { DownOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DownOutlined = /* @__PURE__ */ decorative(Icon);
