import { LockOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const LockOutlined = /* @__PURE__ */ decorative(Icon);
