import { DashboardOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const DashboardOutlined = /* @__PURE__ */ decorative(Icon);
