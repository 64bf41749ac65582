/** Add or edit a role: name (required, at most 10), permissions by area (view first), zones. */
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkRoleName,
  createRole,
  limits,
  listZones,
  Permission,
  updateRole,
  type PermissionId,
  type Role,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../../api/callQuery';
import { checkRule } from '../../../shared/formRules';
import { useCan } from '../../../shared/access';
import { FormModal } from '../../../shared/FormModal';
import { PermissionPicker } from './PermissionPicker';
import { roleChanged } from './roleChanged';

interface Values {
  name: string;
  permissions: number[];
  zone_ids?: number[];
}

export type RoleDialog = { mode: 'add' } | { mode: 'edit'; role: Role };

export function RoleFormModal({ dialog, onClose }: { dialog: RoleDialog | null; onClose: () => void }) {
  const { t } = useTranslation('role');
  const can = useCan();
  const open = dialog !== null;
  const role = dialog?.mode === 'edit' ? dialog.role : null;

  // The zones to choose from; without zone view only the role's own (a refusal says nothing).
  const zones = useCallQuery(
    listZones,
    { query: { page: 1, pageSize: 100 } },
    { enabled: open && can(Permission.ZONE_VIEW), handleError: true },
  );
  const creator = useCallMutation(createRole, { invalidates: roleChanged, handleError: true });
  const updater = useCallMutation(updateRole, { invalidates: roleChanged, handleError: true });
  const zoneOptions = [
    ...new Map(
      [...(role?.zones ?? []), ...(zones.data?.list ?? [])].map((z) => [
        z.id,
        { value: z.id, label: z.name },
      ]),
    ).values(),
  ];

  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      permissions: values.permissions,
      zone_ids: values.zone_ids ?? [],
    };
    return role ? updater.mutateAsync({ params: { id: role.id }, body }) : creator.mutateAsync({ body });
  };

  return (
    <FormModal
      width={720}
      open={open}
      title={t(role ? 'form.editTitle' : 'form.addTitle')}
      name="role"
      initialValues={
        role
          ? { name: role.name, permissions: role.permissions, zone_ids: role.zone_ids }
          : { permissions: [], zone_ids: [] }
      }
      save={save}
      successText={t(role ? 'form.saved' : 'form.created')}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[checkRule(checkRoleName, t)]}>
        <Input placeholder={t('form.namePlaceholder')} count={{ show: true, max: limits.roleNameMax }} />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('field.permissions')}
        rules={[{ type: 'array', required: true, min: 1, message: t('form.permissionsRequired') }]}
      >
        <PermissionPicker grantable={(id) => can(id as PermissionId)} />
      </Form.Item>
      <Form.Item name="zone_ids" label={t('field.zones')} extra={t('form.zonesTip')}>
        <Select
          mode="multiple"
          options={zoneOptions}
          loading={zones.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.zonesPlaceholder')}
          notFoundContent={t('common.noData')}
          data-testid="role-zones"
        />
      </Form.Item>
    </FormModal>
  );
}
