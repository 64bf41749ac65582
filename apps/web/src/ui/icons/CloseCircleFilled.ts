import { CloseCircleFilled as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CloseCircleFilled = /* @__PURE__ */ decorative(Icon);
