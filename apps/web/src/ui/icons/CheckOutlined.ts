import { CheckOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CheckOutlined = /* @__PURE__ */ decorative(Icon);
