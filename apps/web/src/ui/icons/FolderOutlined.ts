import { FolderOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const FolderOutlined = /* @__PURE__ */ decorative(Icon);
