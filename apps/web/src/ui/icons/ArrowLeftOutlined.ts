import { ArrowLeftOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ArrowLeftOutlined = /* @__PURE__ */ decorative(Icon);
