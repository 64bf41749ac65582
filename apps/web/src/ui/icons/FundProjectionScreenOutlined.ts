import { FundProjectionScreenOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const FundProjectionScreenOutlined = /* @__PURE__ */ decorative(Icon);
