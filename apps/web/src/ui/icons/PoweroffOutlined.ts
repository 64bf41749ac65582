import { PoweroffOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const PoweroffOutlined = /* @__PURE__ */ decorative(Icon);
