import { ExportOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const ExportOutlined = /* @__PURE__ */ decorative(Icon);
