import { DragOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DragOutlined = /* @__PURE__ */ decorative(Icon);
