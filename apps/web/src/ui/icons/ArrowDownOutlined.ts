import { ArrowDownOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ArrowDownOutlined = /* @__PURE__ */ decorative(Icon);
