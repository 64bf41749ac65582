import { MailOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const MailOutlined = /* @__PURE__ */ decorative(Icon);
