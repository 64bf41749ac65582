import { SearchOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const SearchOutlined = /* @__PURE__ */ decorative(Icon);
