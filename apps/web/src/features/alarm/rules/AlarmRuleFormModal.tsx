/**
 * Add or edit an alarm rule: the type decides the condition choices and the value fields (limit:
 * alarm value; deviation: target and deviation; on/off: 1 or 0 by condition), the TAG picker shows
 * each TAG's data type, deadband and on-delay sit under "advanced". Values are checked against the
 * chosen TAG as the server checks them; a refusal naming a field lands on that field.
 */
import { useMemo } from 'react';
import { Col, Collapse, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_CONTENT_MAX,
  ALARM_ON_DELAY_MAX_S,
  ALARM_RULE_NAME_MAX,
  alarmConditionsByType,
  alarmLevels,
  AlarmType,
  createAlarmRule,
  ErrorCode,
  type AlarmGroup,
  type AlarmRule,
  type AlarmTypeValue,
  updateAlarmRule,
} from '@hmi/contract';
import { useCallMutation } from '../../../api/callQuery';
import { isApiError } from '../../../api/errors';
import { useErrorToast } from '../../../shared/errors';
import { FormModal } from '../../../shared/FormModal';
import { RULES_CHANGED } from './changes';
import { ruleProblem } from './ruleCheck';
import {
  emptyRuleForm,
  formToBody,
  ruleToForm,
  tagFitsType,
  usesField,
  withCondition,
  withType,
  type RuleFormValues,
  type TagOption,
} from './ruleForm';

const alarmTypes: AlarmTypeValue[] = [AlarmType.LIMIT, AlarmType.DEVIATION, AlarmType.ON_OFF];

export interface AlarmRuleFormModalProps {
  open: boolean;
  templateId: number;
  /** The rule to edit; null adds one. */
  rule: AlarmRule | null;
  tags: readonly TagOption[];
  /** The template's TAGs are still loading: the rule cannot be checked yet, so OK waits. */
  tagsLoading: boolean;
  groups: readonly AlarmGroup[];
  onClose: () => void;
  /** Saved (the rule lists and groups have reloaded by then). */
  onSaved: (rule: AlarmRule) => void;
}

export function AlarmRuleFormModal({
  open,
  templateId,
  rule,
  tags,
  tagsLoading,
  groups,
  onClose,
  onSaved,
}: AlarmRuleFormModalProps) {
  const { t } = useTranslation('alarm');
  const fail = useErrorToast();
  const [form] = Form.useForm<RuleFormValues>();

  const creator = useCallMutation(createAlarmRule, { invalidates: RULES_CHANGED, handleError: true });
  const updater = useCallMutation(updateAlarmRule, { invalidates: RULES_CHANGED, handleError: true });

  const save = (values: RuleFormValues) => {
    const body = formToBody({ ...emptyRuleForm(), ...values });
    return rule
      ? updater.mutateAsync({ params: { id: rule.id }, body })
      : creator.mutateAsync({ params: { id: templateId }, body });
  };

  /** Where the server names the culprit (1088 the name, 1006 a field), show it on that field. */
  const fieldOfRefusal = (error: unknown): { name: keyof RuleFormValues; text: string } | null => {
    if (!isApiError(error)) return null;
    if (error.code === ErrorCode.ALARM_NAME_EXISTS) return { name: 'name', text: t('errors.1088') };
    const data = (error.data ?? {}) as { field?: unknown; issue?: unknown };
    const known = Object.keys(emptyRuleForm());
    if (
      error.code === ErrorCode.INPUT_PARAMETER &&
      typeof data.field === 'string' &&
      known.includes(data.field)
    )
      return {
        name: data.field as keyof RuleFormValues,
        text: t(`validation:${String(data.issue)}`, { defaultValue: t('errors.1006') }),
      };
    return null;
  };

  return (
    <FormModal
      width={760}
      open={open}
      title={t(rule ? 'rule.editTitle' : 'rule.addTitle')}
      form={form}
      name="alarmRule"
      initialValues={rule ? ruleToForm(rule) : emptyRuleForm()}
      onValuesChange={(changed: Partial<RuleFormValues>, all) => {
        if (changed.type) form.setFieldsValue(withType(all, changed.type));
        else if (changed.condition !== undefined) form.setFieldsValue(withCondition(all, changed.condition));
      }}
      save={save}
      pending={tagsLoading}
      successText={t(rule ? 'rule.saved' : 'rule.created')}
      onSaved={onSaved}
      onClose={onClose}
      onError={(error) => {
        const field = fieldOfRefusal(error);
        if (field) form.setFields([{ name: field.name, errors: [field.text] }]);
        else fail(error);
      }}
    >
      <RuleFields form={form} tags={tags} tagsLoading={tagsLoading} groups={groups} />
    </FormModal>
  );
}

function RuleFields({
  form,
  tags,
  tagsLoading,
  groups,
}: {
  form: FormInstance<RuleFormValues>;
  tags: readonly TagOption[];
  tagsLoading: boolean;
  groups: readonly AlarmGroup[];
}) {
  const { t } = useTranslation('alarm');
  const type = Form.useWatch('type', form) ?? AlarmType.LIMIT;
  const required = { required: true, message: t('validation:required') };
  /** The section 5 check of one field, run on the whole rule and its chosen TAG. */
  const checked = (field: keyof RuleFormValues): FormRule => ({
    validator: () => {
      const body = formToBody({ ...emptyRuleForm(), ...form.getFieldsValue(true) });
      const problem = ruleProblem(body, tags.find((tag) => tag.id === body.tag_id) ?? null);
      return problem?.field === field
        ? Promise.reject(new Error(t(`validation:${problem.issue}`)))
        : Promise.resolve();
    },
  });

  const chosenTag = Form.useWatch('tag_id', form);
  // Only the TAGs the type may watch (on/off: bool); a chosen one that no longer fits stays, greyed,
  // so its message says why instead of the choice vanishing.
  const tagOptions = useMemo(
    () =>
      tags
        .filter((tag) => tagFitsType(type, tag.data_type) || tag.id === chosenTag)
        .map((tag) => ({
          value: tag.id,
          label: `${tag.name} (${t(`enums.tagDataType.${tag.data_type}`)})`,
          disabled: !tagFitsType(type, tag.data_type),
        })),
    [tags, type, chosenTag, t],
  );

  const valueInput = (name: 'alarm_value' | 'target' | 'deviation' | 'deadband', tip?: string) => (
    <Form.Item
      name={name}
      label={t(`rule.field.${name}`)}
      extra={tip}
      dependencies={['tag_id', 'type', 'condition']}
      // The check refuses an empty value for every field but the deadband: the label says so.
      required={name !== 'deadband'}
      rules={[checked(name)]}
    >
      <Input maxLength={64} placeholder={t(`rule.placeholder.${name}`)} data-testid={`alarm-rule-${name}`} />
    </Form.Item>
  );

  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('rule.field.name')} rules={[{ ...required, whitespace: true }]}>
            <Input maxLength={ALARM_RULE_NAME_MAX} placeholder={t('rule.placeholder.name')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="group_id" label={t('rule.field.group')}>
            <Select<number | null>
              allowClear
              placeholder={t('rule.placeholder.group')}
              options={groups.map((g) => ({ value: g.id, label: g.name }))}
              data-testid="alarm-rule-group"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="type" label={t('rule.field.type')} rules={[required]}>
            <Select<AlarmTypeValue>
              options={alarmTypes.map((v) => ({ value: v, label: t(`enums.alarmType.${v}`) }))}
              data-testid="alarm-rule-type"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="condition" label={t('rule.field.condition')} rules={[required]}>
            <Select<number>
              options={alarmConditionsByType[type].map((c) => ({
                value: c,
                label: t(`enums.alarmCondition.${c}`),
              }))}
              data-testid="alarm-rule-condition"
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="level" label={t('rule.field.level')} rules={[required]}>
            <Select<number>
              options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
              data-testid="alarm-rule-level"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="tag_id"
            label={t('rule.field.tag')}
            rules={[required, checked('tag_id')]}
            dependencies={['type']}
            extra={t(`rule.tagTip.${type}`)}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('rule.placeholder.tag')}
              options={tagOptions}
              loading={tagsLoading}
              notFoundContent={t('rule.noTags')}
              data-testid="alarm-rule-tag"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          {usesField(type, 'alarm_value') &&
            valueInput('alarm_value', type === AlarmType.ON_OFF ? t('rule.onOffTip') : undefined)}
          {usesField(type, 'target') && valueInput('target')}
        </Col>
        {usesField(type, 'deviation') && (
          <Col span={12}>{valueInput('deviation', t('rule.deviationTip'))}</Col>
        )}
        <Col span={24}>
          <Form.Item name="content" label={t('rule.field.content')}>
            <Input.TextArea
              maxLength={ALARM_CONTENT_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('rule.placeholder.content')}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="enabled" label={t('rule.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        items={[
          {
            key: 'advanced',
            label: <span data-testid="alarm-rule-advanced">{t('rule.advanced')}</span>,
            forceRender: true,
            children: (
              <Row gutter={16}>
                {usesField(type, 'deadband') && (
                  <Col span={12}>{valueInput('deadband', t('rule.deadbandTip'))}</Col>
                )}
                <Col span={12}>
                  <Form.Item
                    name="on_delay_s"
                    label={t('rule.field.on_delay_s')}
                    extra={t('rule.onDelayTip')}
                    rules={[{ type: 'integer', min: 0, max: ALARM_ON_DELAY_MAX_S }]}
                  >
                    <InputNumber<number>
                      precision={0}
                      style={{ width: '100%' }}
                      data-testid="alarm-rule-on_delay_s"
                    />
                  </Form.Item>
                </Col>
              </Row>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('rule.valueTip')}
      </Typography.Paragraph>
    </>
  );
}
