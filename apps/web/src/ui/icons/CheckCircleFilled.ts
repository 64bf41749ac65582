import { CheckCircleFilled as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CheckCircleFilled = /* @__PURE__ */ decorative(Icon);
