import { AlertOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const AlertOutlined = /* @__PURE__ */ decorative(Icon);
