import { EditOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const EditOutlined = /* @__PURE__ */ decorative(Icon);
