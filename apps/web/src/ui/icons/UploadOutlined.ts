import { UploadOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const UploadOutlined = /* @__PURE__ */ decorative(Icon);
