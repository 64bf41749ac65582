import { DeleteOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DeleteOutlined = /* @__PURE__ */ decorative(Icon);
