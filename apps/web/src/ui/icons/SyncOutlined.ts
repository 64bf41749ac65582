import { SyncOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const SyncOutlined = /* @__PURE__ */ decorative(Icon);
