import { PlusOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const PlusOutlined = /* @__PURE__ */ decorative(Icon);
