import { ExpandOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ExpandOutlined = /* @__PURE__ */ decorative(Icon);
