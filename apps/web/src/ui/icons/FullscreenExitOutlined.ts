import { FullscreenExitOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const FullscreenExitOutlined = /* @__PURE__ */ decorative(Icon);
