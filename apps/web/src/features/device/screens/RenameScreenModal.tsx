/** Renames a screen (its document stays as it is). */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Screen, ScreenSummary } from '@hmi/contract';
import { updateScreen } from '../../../api/screens';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';

const NAME_MAX = 64;

export function RenameScreenModal({
  screen,
  onClose,
  onSaved,
}: {
  screen: ScreenSummary | null;
  onClose: () => void;
  onSaved: (screen: Screen) => void;
}) {
  const { t } = useTranslation('screens');
  return (
    <FormModal<{ name: string }, Screen>
      open={screen !== null}
      title={t('renameTitle')}
      name="screenName"
      initialValues={{ name: screen?.name ?? '' }}
      save={
        screen && ((values) => updateScreen(screen.id, { name: values.name.trim() }, { handleError: true }))
      }
      successText={t('renamed')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t), { max: NAME_MAX }]}>
        <Input maxLength={NAME_MAX} />
      </Form.Item>
    </FormModal>
  );
}
