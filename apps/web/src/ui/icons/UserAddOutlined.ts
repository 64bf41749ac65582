import { UserAddOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const UserAddOutlined = /* @__PURE__ */ decorative(Icon);
