/**
 * The two questions a live session may ask: the HMI's VNC password (its own VNC server asks for it,
 * through the relay), and, for the user holding control, whether to hand it over to another user.
 */
import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export function PasswordModal({ open, onSubmit }: { open: boolean; onSubmit(password: string): void }) {
  const { t } = useTranslation('remote');
  const [password, setPassword] = useState('');
  const submit = () => {
    onSubmit(password);
    setPassword('');
  };
  return (
    <Modal
      open={open}
      title={t('password.title')}
      closable={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={submit} data-testid="remote-password-submit">
          {t('password.submit')}
        </Button>
      }
      data-testid="remote-password"
    >
      <Form layout="vertical">
        <Form.Item label={t('password.label')}>
          <Input.Password
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={submit}
            autoFocus
            autoComplete="off"
            data-testid="remote-password-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TakeoverModal({ by, onAnswer }: { by: string | null; onAnswer(accept: boolean): void }) {
  const { t } = useTranslation('remote');
  return (
    <Modal
      open={by !== null}
      title={t('takeover.title')}
      closable={false}
      mask={{ closable: false }}
      footer={[
        <Button key="refuse" onClick={() => onAnswer(false)} data-testid="remote-takeover-refuse">
          {t('takeover.refuse')}
        </Button>,
        <Button
          key="accept"
          type="primary"
          onClick={() => onAnswer(true)}
          data-testid="remote-takeover-accept"
        >
          {t('takeover.accept')}
        </Button>,
      ]}
      data-testid="remote-takeover"
    >
      {t('takeover.content', { name: by ?? '' })}
    </Modal>
  );
}
