import { InboxOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const InboxOutlined = /* @__PURE__ */ decorative(Icon);
