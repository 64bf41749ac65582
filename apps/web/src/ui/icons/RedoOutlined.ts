import { RedoOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const RedoOutlined = /* @__PURE__ */ decorative(Icon);
