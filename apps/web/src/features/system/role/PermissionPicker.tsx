/** Permission ids picked in groups by area, view first (see permissionPicking.ts for the rules). */
import { Checkbox, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { permissionGroups } from '@hmi/contract';
import { toggleArea, togglePermission } from './permissionPicking';

export interface PermissionPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
  /** Ids the picker offers (a sub-account grants only ids it holds); all when absent. */
  grantable?: (id: number) => boolean;
}

export function PermissionPicker({ value = [], onChange, disabled, grantable }: PermissionPickerProps) {
  const { t } = useTranslation('role');
  const picked = new Set(value);
  const allowed = (id: number) => !grantable || grantable(id);

  return (
    <Flex vertical gap={4} data-testid="permission-picker">
      {permissionGroups.map((group) => {
        const count = group.ids.filter((id) => picked.has(id)).length;
        const areaAllowed = group.ids.every(allowed);
        return (
          <Flex
            key={group.area}
            gap={8}
            align="start"
            style={{ padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}
          >
            <div style={{ width: 170, flexShrink: 0 }}>
              <Checkbox
                checked={count === group.ids.length}
                indeterminate={count > 0 && count < group.ids.length}
                disabled={disabled || !areaAllowed}
                onChange={(e) => onChange?.(toggleArea(value, group, e.target.checked))}
                data-testid={`perm-area-${group.area}`}
              >
                <Typography.Text strong>{t(`area.${group.area}`)}</Typography.Text>
              </Checkbox>
            </div>
            <Flex wrap gap="4px 16px" style={{ flex: 1 }}>
              {group.ids.map((id) => (
                <Checkbox
                  key={id}
                  checked={picked.has(id)}
                  disabled={disabled || !allowed(id)}
                  onChange={(e) => onChange?.(togglePermission(value, id, e.target.checked))}
                  data-testid={`perm-${id}`}
                >
                  {t(`permission.${id}`)}
                </Checkbox>
              ))}
            </Flex>
          </Flex>
        );
      })}
    </Flex>
  );
}
