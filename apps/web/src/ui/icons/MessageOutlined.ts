import { MessageOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const MessageOutlined = /* @__PURE__ */ decorative(Icon);
