import { Button, Input, Space } from 'antd';
import { SafetyOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';

export interface VerificationCodeInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  /** Seconds before another code may be requested; 0 = the button is enabled. */
  countdown: number;
  sending: boolean;
  onSend: () => void;
  /** Locale keys of the send button and its countdown label. */
  sendLabel: string;
  resendLabel: string;
}

/** Six-digit code input with a "send code" button that counts down before a resend. */
export function VerificationCodeInput({
  id,
  value,
  onChange,
  placeholder,
  countdown,
  sending,
  onSend,
  sendLabel,
  resendLabel,
}: VerificationCodeInputProps) {
  const { t } = useTranslation('auth');
  return (
    <Space.Compact block>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, '').slice(0, 6))}
        prefix={<SafetyOutlined />}
        placeholder={placeholder}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      <Button
        onClick={onSend}
        loading={sending}
        disabled={countdown > 0}
        data-testid="send-code"
        style={{ minWidth: 132 }}
      >
        {countdown > 0 ? t(resendLabel, { seconds: countdown }) : t(sendLabel)}
      </Button>
    </Space.Compact>
  );
}
