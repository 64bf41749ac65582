/** Bind a device by SN + PIN, or edit one: name, group, template, labels and the other fields of spec §3. */
import { useMemo } from 'react';
import { Col, Form, Input, Row, Select, TreeSelect, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  checkDeviceName,
  DEVICE_NAME_MAX,
  limits,
  SN_PATTERN,
  type Device,
  type GroupNode,
  type Label,
  type Template,
} from '@hmi/contract';
import { bindDevice, updateDevice } from '../../../api/devices';
import { checkRule, requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';
import { groupOptions } from '../../../shared/groups';

export interface DeviceFormValues {
  sn?: string;
  pin?: string;
  name: string;
  group_id?: number | null;
  template_id?: number | null;
  label_ids?: number[];
  address?: string;
  remark?: string;
  customer_name?: string;
  hmi_sn?: string;
  gateway_sn?: string;
}

/** At most 10 labels on one device (spec §5). */
export function labelCountRule(t: TFunction): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      Array.isArray(value) && value.length > limits.labelsPerDevice
        ? Promise.reject(new Error(t('validation:labelsPerDevice')))
        : Promise.resolve(),
  };
}

export function snRule(t: TFunction): FormRule {
  return { pattern: SN_PATTERN, message: t('validation:snFormat') };
}

export interface DeviceFormModalProps {
  open: boolean;
  /** The device to edit; absent: bind a new one. */
  device?: Device | null;
  groups: readonly GroupNode[];
  labels: readonly Label[];
  templates: readonly Template[];
  onClose: () => void;
  onSaved: (device: Device) => void;
}

const text = (value: string | undefined) => (value ?? '').trim();

export function DeviceFormModal({
  open,
  device,
  groups,
  labels,
  templates,
  onClose,
  onSaved,
}: DeviceFormModalProps) {
  const { t } = useTranslation('device');
  const editing = Boolean(device);

  const groupTree = useMemo(() => groupOptions(groups), [groups]);
  const templateOptions = useMemo(
    () => templates.map((tpl) => ({ value: tpl.id, label: `${tpl.name} (${tpl.hmi_model})` })),
    [templates],
  );
  const labelOptions = useMemo(() => labels.map((l) => ({ value: l.id, label: l.name })), [labels]);

  const save = (values: DeviceFormValues) => {
    const fields = {
      name: values.name.trim(),
      group_id: values.group_id ?? null,
      template_id: values.template_id ?? null,
      label_ids: values.label_ids ?? [],
      address: text(values.address),
      remark: text(values.remark),
      customer_name: text(values.customer_name),
      hmi_sn: text(values.hmi_sn),
      gateway_sn: text(values.gateway_sn),
    };
    return device
      ? updateDevice(device.id, fields, { handleError: true })
      : bindDevice({ ...fields, sn: text(values.sn), pin: values.pin ?? '' }, { handleError: true });
  };

  const initialValues: DeviceFormValues = device
    ? {
        name: device.name,
        group_id: device.group_id,
        template_id: device.template_id,
        label_ids: device.labels.map((l) => l.id),
        address: device.address,
        remark: device.remark,
        customer_name: device.customer_name,
        hmi_sn: device.hmi_sn,
        gateway_sn: device.gateway_sn,
      }
    : { name: '', label_ids: [] };

  return (
    <FormModal
      open={open}
      title={t(editing ? 'form.editTitle' : 'form.bindTitle')}
      okText={t(editing ? 'form.save' : 'form.bind')}
      styles={{ body: { maxHeight: 'calc(100vh - 280px)', overflowY: 'auto', paddingInlineEnd: 4 } }}
      name="device"
      requiredMark
      initialValues={initialValues}
      save={save}
      successText={t(device ? 'form.saved' : 'form.bound')}
      onSaved={onSaved}
      onClose={onClose}
    >
      {!editing && (
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="sn" label={t('field.sn')} rules={[requiredRule(t), snRule(t)]}>
              <Input placeholder={t('form.snPlaceholder')} maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="pin"
              label={t('field.pin')}
              rules={[requiredRule(t), { max: 32 }]}
              tooltip={t('form.pinTip')}
            >
              <Input.Password
                placeholder={t('form.pinPlaceholder')}
                maxLength={32}
                autoComplete="new-password"
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      <Form.Item
        name="name"
        label={t('field.name')}
        required
        rules={[checkRule(checkDeviceName, t)]}
        extra={t('form.nameTip')}
      >
        <Input placeholder={t('form.namePlaceholder')} maxLength={DEVICE_NAME_MAX} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="group_id" label={t('field.group')}>
            <TreeSelect
              treeData={groupTree}
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              placeholder={t('form.groupPlaceholder')}
              notFoundContent={t('common.noData')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="template_id" label={t('field.template')}>
            <Select
              options={templateOptions}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('form.templatePlaceholder')}
              notFoundContent={t('common.noData')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="label_ids"
        label={t('field.labels')}
        rules={[labelCountRule(t)]}
        extra={t('form.labelsTip', { max: limits.labelsPerDevice })}
      >
        <Select
          mode="multiple"
          options={labelOptions}
          allowClear
          virtual={false}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('form.labelsPlaceholder')}
          notFoundContent={t('common.noData')}
        />
      </Form.Item>
      <Form.Item name="customer_name" label={t('field.customerName')} rules={[{ max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="hmi_sn" label={t('field.hmiSn')} rules={[{ max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="gateway_sn" label={t('field.gatewaySn')} rules={[{ max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="address" label={t('field.address')} rules={[{ max: 200 }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="remark" label={t('field.remark')} rules={[{ max: 500 }]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
