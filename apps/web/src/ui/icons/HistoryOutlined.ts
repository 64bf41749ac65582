import { HistoryOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const HistoryOutlined = /* @__PURE__ */ decorative(Icon);
