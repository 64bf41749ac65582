import { DisconnectOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DisconnectOutlined = /* @__PURE__ */ decorative(Icon);
