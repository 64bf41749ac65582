import { PauseCircleOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const PauseCircleOutlined = /* @__PURE__ */ decorative(Icon);
