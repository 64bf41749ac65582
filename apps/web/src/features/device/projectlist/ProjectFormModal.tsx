/** Add, edit or view a project (multiple devices): a name and its member devices. */
import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDevices, PROJECT_DEVICES_MAX, PROJECT_NAME_MAX, type Project } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { createProject, updateProject } from '../../../api/projects';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';

interface Values {
  name: string;
  device_ids?: number[];
}

export type ProjectDialog = { mode: 'add' } | { mode: 'edit' | 'view'; project: Project };

export function ProjectFormModal({
  dialog,
  onClose,
  onSaved,
}: {
  dialog: ProjectDialog | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('project');
  const open = dialog !== null;
  const readOnly = dialog?.mode === 'view';
  const project = dialog && dialog.mode !== 'add' ? dialog.project : null;

  // Devices to pick from (the first 200; the picker searches them by name or SN).
  const devices = useCallQuery(
    listDevices,
    { query: { page: 1, pageSize: 200 } },
    { enabled: open && !readOnly },
  );
  const options = useMemo(() => {
    const byId = new Map<number, { value: number; label: string }>();
    for (const d of project?.devices ?? []) byId.set(d.id, { value: d.id, label: `${d.name} (${d.sn})` });
    for (const d of devices.data?.list ?? []) byId.set(d.id, { value: d.id, label: `${d.name} (${d.sn})` });
    return [...byId.values()];
  }, [devices.data, project]);

  const save = (values: Values) => {
    const body = { name: values.name.trim(), device_ids: values.device_ids ?? [] };
    return project
      ? updateProject(project.id, body, { handleError: true })
      : createProject(body, { handleError: true });
  };

  return (
    <FormModal
      open={open}
      title={t(readOnly ? 'form.viewTitle' : project ? 'form.editTitle' : 'form.addTitle')}
      cancelText={readOnly ? t('common.close') : undefined}
      readOnly={readOnly}
      name="project"
      initialValues={project ? { name: project.name, device_ids: project.devices.map((d) => d.id) } : {}}
      save={save}
      successText={t(project ? 'form.saved' : 'form.created')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t), { max: PROJECT_NAME_MAX }]}>
        <Input maxLength={PROJECT_NAME_MAX} placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="device_ids"
        label={t('field.devices')}
        rules={[{ type: 'array', max: PROJECT_DEVICES_MAX }]}
        extra={readOnly ? undefined : t('form.devicesTip')}
      >
        <Select
          mode="multiple"
          options={options}
          loading={devices.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.devicesPlaceholder')}
          notFoundContent={t('common.noData')}
          data-testid="project-devices"
        />
      </Form.Item>
    </FormModal>
  );
}
