import { UndoOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const UndoOutlined = /* @__PURE__ */ decorative(Icon);
