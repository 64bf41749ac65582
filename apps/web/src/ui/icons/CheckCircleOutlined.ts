import { CheckCircleOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CheckCircleOutlined = /* @__PURE__ */ decorative(Icon);
