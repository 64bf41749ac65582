import { MenuFoldOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const MenuFoldOutlined = /* @__PURE__ */ decorative(Icon);
