import { CloseOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CloseOutlined = /* @__PURE__ */ decorative(Icon);
