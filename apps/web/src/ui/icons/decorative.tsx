import type { PlusOutlined } from '@ant-design/icons';
import { forwardRef, type ComponentProps } from 'react';

/** Every antd icon component has this type. */
export type IconComponent = typeof PlusOutlined;
type IconProps = Omit<ComponentProps<IconComponent>, 'ref'>;

/** The icon without its English name: hidden from assistive technology unless labelled. */
export function decorative(Icon: IconComponent): IconComponent {
  const Decorative = forwardRef<HTMLSpanElement, IconProps>(function Decorative(props, ref) {
    return props['aria-label'] ? (
      <Icon role="img" {...props} ref={ref} />
    ) : (
      <Icon {...props} role={undefined} aria-label={undefined} aria-hidden ref={ref} />
    );
  });
  return Decorative as IconComponent;
}
