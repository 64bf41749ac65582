import { Fragment, useState, type ReactNode } from 'react';
import { Drawer, type DrawerProps } from 'antd';

interface ItemDrawerProps<T> {
  /** The item shown; null closes the drawer. */
  item: T | null;
  /** Tells items apart: another key draws the content anew (its state starts over). */
  itemKey: (item: T) => string | number;
  title: (item: T) => ReactNode;
  size: DrawerProps['size'];
  testId: string;
  onClose: () => void;
  children: (item: T) => ReactNode;
}

/** A drawer about one item (a template, a project …) that keeps showing the item it had while it closes. */
export function ItemDrawer<T>({ item, itemKey, title, size, testId, onClose, children }: ItemDrawerProps<T>) {
  const [shown, setShown] = useState(item);
  if (item !== null && (shown === null || itemKey(item) !== itemKey(shown))) setShown(item);
  return (
    <Drawer
      open={item !== null}
      onClose={onClose}
      size={size}
      title={shown ? title(shown) : ''}
      destroyOnHidden
      data-testid={testId}
    >
      {shown && <Fragment key={itemKey(shown)}>{children(shown)}</Fragment>}
    </Drawer>
  );
}
