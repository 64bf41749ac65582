import { FullscreenOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const FullscreenOutlined = /* @__PURE__ */ decorative(Icon);
