import { EyeOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const EyeOutlined = /* @__PURE__ */ decorative(Icon);
