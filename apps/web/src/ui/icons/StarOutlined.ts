import { StarOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const StarOutlined = /* @__PURE__ */ decorative(Icon);
