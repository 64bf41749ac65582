import { ArrowUpOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ArrowUpOutlined = /* @__PURE__ */ decorative(Icon);
