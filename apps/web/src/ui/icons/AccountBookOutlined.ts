import { AccountBookOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const AccountBookOutlined = /* @__PURE__ */ decorative(Icon);
