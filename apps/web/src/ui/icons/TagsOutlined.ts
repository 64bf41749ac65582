import { TagsOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const TagsOutlined = /* @__PURE__ */ decorative(Icon);
