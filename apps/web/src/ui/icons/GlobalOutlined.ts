import { GlobalOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const GlobalOutlined = /* @__PURE__ */ decorative(Icon);
