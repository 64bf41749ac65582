import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { DeleteOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { dataCenters, type DataCenter, type UserInfo } from '@hmi/contract';
import { removal } from '../../../api/account';
import { modalDefaults } from '../../../ui/theme';
import { DataCenterFlag } from '../../../components/DataCenterPicker';
import { requiredRule } from '../../../shared/formRules';

interface RemovalValues {
  account: string;
  true_name: string;
  data_center: DataCenter;
  contact: string;
  passwd: string;
}

export interface RemovalCardProps {
  userInfo: UserInfo;
  /** Called after the account is gone (the page logs out). */
  onRemoved: () => void;
}

/** Account removal: a danger zone card and the confirmation dialog with its form. */
export function RemovalCard({ userInfo, onRemoved }: RemovalCardProps) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<RemovalValues>();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: RemovalValues) => {
    setSubmitting(true);
    try {
      await removal({
        account: values.account.trim(),
        true_name: values.true_name.trim(),
        data_center: values.data_center,
        contact: values.contact.trim(),
        passwd: values.passwd,
      });
      message.success(t('removal.done'));
      setOpen(false);
      onRemoved();
    } catch {
      // Translated by the client (1004 wrong password, 1019 account not matched).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('removal.title')}>
      <Flex align="center" justify="space-between" wrap gap={16}>
        <Typography.Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('removal.description')}
        </Typography.Text>
        <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)} data-testid="removal-open">
          {t('removal.open')}
        </Button>
      </Flex>
      <Modal
        {...modalDefaults}
        open={open}
        title={t('removal.modalTitle')}
        okText={t('removal.submit')}
        cancelText={t('removal.cancel')}
        okButtonProps={{ danger: true, htmlType: 'submit' }}
        confirmLoading={submitting}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        modalRender={(dom) => (
          <Form<RemovalValues>
            form={form}
            name="removal"
            layout="vertical"
            requiredMark={false}
            clearOnDestroy
            initialValues={{ data_center: userInfo.data_center, contact: userInfo.contact }}
            onFinish={submit}
          >
            {dom}
          </Form>
        )}
      >
        <Alert type="warning" showIcon message={t('removal.warning')} style={{ marginBottom: 16 }} />
        <Form.Item name="account" label={t('removal.account')} rules={[requiredRule(t)]}>
          <Input placeholder={t('removal.accountPlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="true_name" label={t('removal.true_name')} rules={[requiredRule(t), { max: 50 }]}>
          <Input placeholder={t('removal.trueNamePlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item name="data_center" label={t('removal.data_center')} rules={[requiredRule(t)]}>
          <Select<DataCenter>
            options={dataCenters.map((dc) => ({
              value: dc,
              label: (
                <Flex align="center" gap={8}>
                  <DataCenterFlag id={dc} label={t(`auth:dataCenter.${dc}`)} />
                  {t(`auth:dataCenter.${dc}`)}
                </Flex>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="contact" label={t('removal.contact')} rules={[requiredRule(t), { max: 100 }]}>
          <Input placeholder={t('removal.contactPlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="passwd"
          label={t('removal.passwd')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Input.Password placeholder={t('removal.passwdPlaceholder')} autoComplete="current-password" />
        </Form.Item>
      </Modal>
    </Card>
  );
}
