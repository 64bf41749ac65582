import { FolderAddOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const FolderAddOutlined = /* @__PURE__ */ decorative(Icon);
