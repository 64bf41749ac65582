/**
 * Card activation in the spec's steps: choose the type (only those the user may top up), enter the
 * last 8 characters of the number and the password, confirm what the card gives (a check call that
 * activates nothing), then the result. Refusals (1043, 1044, 1045, 1050, 1201) show in the dialog.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Grid, Input, Modal, Radio, Result, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  activateBillingCard,
  BillingCardType,
  limits,
  Permission,
  type BillingCard,
  type PermissionId,
} from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { checkBillingCard, type CardInput, type CardOffer } from '../../api/billing';
import { useCan } from '../../shared/access';
import { errorText } from '../../shared/errors';
import { modalDefaults } from '../../ui/theme';
import { billingChanged } from './changes';
import { cardGives, formatDate } from './text';

type CardType = CardInput['type'];
const TYPES: readonly { type: CardType; permission: PermissionId }[] = [
  { type: BillingCardType.CLOUD_APPLICATION, permission: Permission.ACCOUNT_CLOUD_TOPUP },
  { type: BillingCardType.REMOTE_ACCESS, permission: Permission.ACCOUNT_REMOTE_TOPUP },
];

interface Props {
  open: boolean;
  onClose: () => void;
}

export function ActivateCardModal({ open, onClose }: Props) {
  const { t } = useTranslation('billing');
  const can = useCan();
  const allowed = TYPES.filter((x) => can(x.permission)).map((x) => x.type);
  const [form] = Form.useForm<{ card_no: string; password: string }>();
  const [step, setStep] = useState(0);
  const [type, setType] = useState<CardType | undefined>(undefined);
  const [input, setInput] = useState<CardInput | null>(null);
  const [offer, setOffer] = useState<CardOffer | null>(null);
  const [card, setCard] = useState<BillingCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const activator = useCallMutation(activateBillingCard, { invalidates: billingChanged, handleError: true });
  const [busy, setBusy] = useState(false);
  // On a phone the steps stay in one row, naming only the current one (stacked they filled the dialog).
  const wide = Grid.useBreakpoint().sm ?? true;

  const chosen = type ?? (allowed.length === 1 ? allowed[0] : undefined);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const check = (values: { card_no: string; password: string }) =>
    run(async () => {
      if (chosen === undefined) return;
      const body = { type: chosen, card_no: values.card_no.trim().toUpperCase(), password: values.password };
      setOffer(await checkBillingCard(body, { handleError: true }));
      setInput(body);
      setStep(2);
    });

  const activate = () =>
    run(async () => {
      if (!input) return;
      setCard(await activator.mutateAsync({ body: input }));
      setStep(3);
    });

  const back = () => {
    setError(null);
    setStep(step - 1);
  };

  const footer = [
    step === 0 && (
      <Button
        key="next"
        type="primary"
        disabled={chosen === undefined}
        onClick={() => setStep(1)}
        data-testid="activate-next"
      >
        {t('activate.next')}
      </Button>
    ),
    step === 1 && (
      <Flex key="enter" gap={8} justify="flex-end">
        <Button onClick={back}>{t('activate.back')}</Button>
        <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="activate-check">
          {t('activate.next')}
        </Button>
      </Flex>
    ),
    step === 2 && (
      <Flex key="confirm" gap={8} justify="flex-end">
        <Button onClick={back}>{t('activate.back')}</Button>
        <Button type="primary" loading={busy} onClick={() => void activate()} data-testid="activate-confirm">
          {t('activate.confirm')}
        </Button>
      </Flex>
    ),
    step === 3 && (
      <Button key="done" type="primary" onClick={onClose} data-testid="activate-done">
        {t('activate.done')}
      </Button>
    ),
  ];

  return (
    <Modal
      {...modalDefaults}
      open={open}
      title={t('activate.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={footer}
      afterClose={() => {
        setStep(0);
        setType(undefined);
        setInput(null);
        setOffer(null);
        setCard(null);
        setError(null);
        form.resetFields();
      }}
    >
      <div data-testid="activate-dialog">
        <Steps
          size="small"
          current={step}
          responsive={false}
          style={{ marginBottom: 24 }}
          items={['type', 'enter', 'confirm', 'result'].map((k, i) => ({
            title: wide || i === step ? t(`activate.step.${k}`) : undefined,
          }))}
        />
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="activate-error"
          />
        )}
        {step === 0 && (
          <Radio.Group
            value={chosen}
            onChange={(e) => setType(e.target.value as CardType)}
            data-testid="activate-type"
            style={{ width: '100%' }}
          >
            <Flex vertical gap={12}>
              {allowed.map((x) => (
                <Radio key={x} value={x} data-testid={`activate-type-${x}`}>
                  <strong>{t(`enums:billingCardType.${x}`)}</strong>
                  <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t(`activate.typeHelp.${x}`)}</div>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
        {step === 1 && (
          <Form form={form} name="activate" layout="vertical" onFinish={(v) => void check(v)}>
            <Form.Item
              name="card_no"
              label={t('activate.cardNo')}
              extra={t('activate.cardNoHelp')}
              normalize={(v: string) => v.toUpperCase()}
              rules={[
                { required: true, message: t('validation:required') },
                { len: limits.cardNumberTail, message: t('validation:cardNumberLength') },
              ]}
            >
              <Input maxLength={limits.cardNumberTail} autoComplete="off" data-testid="activate-card-no" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('activate.password')}
              rules={[{ required: true, message: t('validation:required') }]}
            >
              <Input.Password maxLength={32} autoComplete="off" data-testid="activate-password" />
            </Form.Item>
            {/* Enter submits the form. */}
            <button type="submit" hidden />
          </Form>
        )}
        {step === 2 && offer && (
          <Descriptions bordered size="small" column={1} data-testid="activate-offer">
            <Descriptions.Item label={t('card.number')}>{offer.number}</Descriptions.Item>
            <Descriptions.Item label={t('card.type')}>
              {t(`enums:billingCardType.${offer.type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('card.gives')}>{cardGives(t, offer)}</Descriptions.Item>
            <Descriptions.Item label={t('card.validity')}>
              {t('activate.validity', { days: offer.validity_days })}
            </Descriptions.Item>
            <Descriptions.Item label={t('card.deadline')}>
              {formatDate(offer.activation_deadline)}
            </Descriptions.Item>
          </Descriptions>
        )}
        {step === 3 && card && (
          <Result
            status="success"
            title={t('activate.success')}
            subTitle={t('activate.successDetail', {
              number: card.number,
              gives: cardGives(t, card),
              date: formatDate(card.expires_at),
            })}
            data-testid="activate-result"
          />
        )}
      </div>
    </Modal>
  );
}
