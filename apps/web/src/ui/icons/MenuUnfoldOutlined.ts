import { MenuUnfoldOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const MenuUnfoldOutlined = /* @__PURE__ */ decorative(Icon);
