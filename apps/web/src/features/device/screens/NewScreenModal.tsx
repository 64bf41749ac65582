/** Adds an empty screen to a template or project (its size chosen here), to be built in the editor. */
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCREEN_SIZE_MAX, SCREEN_SIZE_MIN, type Screen } from '@hmi/contract';
import { createProjectScreen, createTemplateScreen } from '../../../api/screens';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';
import type { ScreenOwner } from './owner';

const NAME_MAX = 64;

interface Values {
  name: string;
  width: number;
  height: number;
}

export function NewScreenModal({
  owner,
  open,
  sort,
  onClose,
  onSaved,
}: {
  owner: ScreenOwner;
  open: boolean;
  /** Its place: after the owner's last screen. */
  sort: number;
  onClose: () => void;
  onSaved: (screen: Screen) => void;
}) {
  const { t } = useTranslation('screens');
  const size = { min: SCREEN_SIZE_MIN, max: SCREEN_SIZE_MAX, precision: 0, style: { width: '100%' } };
  return (
    <FormModal<Values, Screen>
      open={open}
      title={t('new.title')}
      name="newScreen"
      initialValues={{ name: '', width: 1024, height: 600 }}
      save={(v) => {
        const body = {
          name: v.name.trim(),
          sort,
          document: { version: 1 as const, width: v.width, height: v.height },
        };
        return owner.kind === 'template'
          ? createTemplateScreen(owner.id, body, { handleError: true })
          : createProjectScreen(owner.id, body, { handleError: true });
      }}
      successText={t('new.done')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t), { max: NAME_MAX }]}>
        <Input maxLength={NAME_MAX} data-testid="new-screen-name" />
      </Form.Item>
      <Form.Item name="width" label={t('new.width')} rules={[requiredRule(t)]}>
        <InputNumber {...size} />
      </Form.Item>
      <Form.Item name="height" label={t('new.height')} rules={[requiredRule(t)]}>
        <InputNumber {...size} />
      </Form.Item>
    </FormModal>
  );
}
