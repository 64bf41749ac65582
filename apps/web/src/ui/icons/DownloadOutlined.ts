import { DownloadOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DownloadOutlined = /* @__PURE__ */ decorative(Icon);
