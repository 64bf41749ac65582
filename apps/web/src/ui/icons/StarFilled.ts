import { StarFilled as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const StarFilled = /* @__PURE__ */ decorative(Icon);
