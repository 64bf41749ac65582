import { SafetyOutlined as Icon } from '@ant-design/icons';
import { decorative } from './decorative';

export const SafetyOutlined = /* @__PURE__ */ decorative(Icon);
