import { CompressOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const CompressOutlined = /* @__PURE__ */ decorative(Icon);
