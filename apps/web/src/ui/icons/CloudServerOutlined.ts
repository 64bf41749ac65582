import { CloudServerOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CloudServerOutlined = /* @__PURE__ */ decorative(Icon);
