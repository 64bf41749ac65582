/** Add or edit a security zone: name (letters and digits), devices and groups covered, client networks. */
import { useMemo } from 'react';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  checkCidr,
  checkZoneName,
  createZone,
  listDevices,
  listGroups,
  Permission,
  updateZone,
  ZONE_NETWORKS_MAX,
  type Zone,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../../api/callQuery';
import { checkRule } from '../../../shared/formRules';
import { useCan } from '../../../shared/access';
import { FormModal } from '../../../shared/FormModal';
import { groupOptions } from '../../../shared/groups';
import { zoneChanged } from './zoneChanged';

interface Values {
  name: string;
  device_ids?: number[];
  group_ids?: number[];
  networks?: string[];
}

export type ZoneDialog = { mode: 'add' } | { mode: 'edit'; zone: Zone };

export function ZoneFormModal({ dialog, onClose }: { dialog: ZoneDialog | null; onClose: () => void }) {
  const { t } = useTranslation('zone');
  const can = useCan();
  const open = dialog !== null;
  const zone = dialog?.mode === 'edit' ? dialog.zone : null;

  // What a zone may cover, as far as the user may see it (a refusal says nothing: ids show instead).
  const devices = useCallQuery(
    listDevices,
    { query: { page: 1, pageSize: 200 } },
    { enabled: open && can(Permission.DEVICE_VIEW), handleError: true },
  );
  const groups = useCallQuery(
    listGroups,
    {},
    { enabled: open && can(Permission.GROUP_VIEW), handleError: true },
  );
  const creator = useCallMutation(createZone, { invalidates: zoneChanged, handleError: true });
  const updater = useCallMutation(updateZone, { invalidates: zoneChanged, handleError: true });
  const deviceOptions = useMemo(() => {
    const byId = new Map<number, { value: number; label: string }>();
    for (const id of zone?.device_ids ?? []) byId.set(id, { value: id, label: `#${id}` });
    for (const d of devices.data?.list ?? []) byId.set(d.id, { value: d.id, label: `${d.name} (${d.sn})` });
    return [...byId.values()];
  }, [devices.data, zone]);

  const networksRule = {
    validator: (_: unknown, value: unknown) => {
      const list = Array.isArray(value) ? (value as string[]) : [];
      const bad = list.find((n) => checkCidr(n) !== null);
      if (bad !== undefined) return Promise.reject(new Error(`${bad}: ${t('validation:cidr')}`));
      if (list.length > ZONE_NETWORKS_MAX) return Promise.reject(new Error(t('validation:tooLong')));
      return Promise.resolve();
    },
  };

  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      device_ids: values.device_ids ?? [],
      group_ids: values.group_ids ?? [],
      networks: (values.networks ?? []).map((n) => n.trim()).filter(Boolean),
    };
    return zone ? updater.mutateAsync({ params: { id: zone.id }, body }) : creator.mutateAsync({ body });
  };

  return (
    <FormModal
      width={640}
      open={open}
      title={t(zone ? 'form.editTitle' : 'form.addTitle')}
      name="zone"
      initialValues={
        zone
          ? {
              name: zone.name,
              device_ids: zone.device_ids,
              group_ids: zone.group_ids,
              networks: zone.networks,
            }
          : { device_ids: [], group_ids: [], networks: [] }
      }
      save={save}
      successText={t(zone ? 'form.saved' : 'form.created')}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[checkRule(checkZoneName, t)]}>
        <Input placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="device_ids" label={t('field.devices')}>
        <Select
          mode="multiple"
          options={deviceOptions}
          loading={devices.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.devicesPlaceholder')}
          notFoundContent={t('common.noData')}
          data-testid="zone-devices"
        />
      </Form.Item>
      <Form.Item name="group_ids" label={t('field.groups')} extra={t('form.groupsTip')}>
        <TreeSelect
          multiple
          treeDefaultExpandAll
          treeData={groupOptions(groups.data ?? [])}
          loading={groups.isLoading}
          placeholder={t('form.groupsPlaceholder')}
          notFoundContent={t('common.noData')}
          showSearch={{ treeNodeFilterProp: 'title' }}
          data-testid="zone-groups"
        />
      </Form.Item>
      <Form.Item
        name="networks"
        label={t('field.networks')}
        extra={t('form.networksTip')}
        rules={[networksRule]}
      >
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ', ';']}
          placeholder={t('form.networksPlaceholder')}
          data-testid="zone-networks"
        />
      </Form.Item>
    </FormModal>
  );
}
