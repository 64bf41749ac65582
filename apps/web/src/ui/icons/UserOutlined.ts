import { UserOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const UserOutlined = /* @__PURE__ */ decorative(Icon);
