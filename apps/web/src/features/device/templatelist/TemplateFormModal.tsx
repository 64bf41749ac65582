/** Add or edit a template: name (1030 when taken), HMI model, firmware, recipe. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_NAME_MAX, type Template } from '@hmi/contract';
import { createTemplate, updateTemplate } from '../../../api/templates';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';

interface Values {
  name: string;
  hmi_model: string;
  firmware?: string;
  recipe?: string;
}

export function TemplateFormModal({
  open,
  template,
  onClose,
  onSaved,
}: {
  open: boolean;
  template?: Template | null;
  onClose: () => void;
  onSaved: (template: Template) => void;
}) {
  const { t } = useTranslation('template');

  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      hmi_model: values.hmi_model.trim(),
      firmware: (values.firmware ?? '').trim(),
      recipe: (values.recipe ?? '').trim(),
    };
    return template
      ? updateTemplate(template.id, body, { handleError: true })
      : createTemplate(body, { handleError: true });
  };

  return (
    <FormModal
      open={open}
      title={t(template ? 'form.editTitle' : 'form.addTitle')}
      name="template"
      initialValues={
        template
          ? {
              name: template.name,
              hmi_model: template.hmi_model,
              firmware: template.firmware,
              recipe: template.recipe,
            }
          : {}
      }
      save={save}
      successText={t(template ? 'form.saved' : 'form.created')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t), { max: TEMPLATE_NAME_MAX }]}>
        <Input maxLength={TEMPLATE_NAME_MAX} placeholder={t('form.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="hmi_model"
        label={t('field.hmiModel')}
        rules={[requiredRule(t), { max: 64 }]}
        extra={template && template.device_count > 0 ? t('form.modelLocked') : undefined}
      >
        <Input maxLength={64} placeholder={t('form.modelPlaceholder')} />
      </Form.Item>
      <Form.Item name="firmware" label={t('field.firmware')} rules={[{ max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="recipe" label={t('field.recipe')} rules={[{ max: 200 }]}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormModal>
  );
}
