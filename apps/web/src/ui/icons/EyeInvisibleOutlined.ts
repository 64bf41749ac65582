import { EyeInvisibleOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const EyeInvisibleOutlined = /* @__PURE__ */ decorative(Icon);
