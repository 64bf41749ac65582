import { LoadingOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const LoadingOutlined = /* @__PURE__ */ decorative(Icon);
