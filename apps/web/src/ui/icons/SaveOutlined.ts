import { SaveOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const SaveOutlined = /* @__PURE__ */ decorative(Icon);
