import { ReloadOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ReloadOutlined = /* @__PURE__ */ decorative(Icon);
