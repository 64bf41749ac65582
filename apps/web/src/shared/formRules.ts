/**
 * antd Form rules built on the contract's validators, so the form and the server's 1006 give the same
 * reason. The reason is the validator's ValidationKey, shown through the `validation` namespace.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkPasswordConfirm, type ValidationKey } from '@hmi/contract';

type Check = (value: string) => ValidationKey | null;

/**
 * A rule running one of the contract's checks on the field's value (empty counts as ''). A check that
 * refuses '' makes the field required, and its label shows the asterisk (the validator still words
 * the reason).
 */
export function checkRule(check: Check, t: TFunction): FormRule {
  return {
    required: check('') !== null,
    validator: (_rule, value: unknown) => {
      const key = check(typeof value === 'string' ? value : '');
      return key ? Promise.reject(new Error(t(`validation:${key}`))) : Promise.resolve();
    },
  };
}

/** Required with the shared message. */
export function requiredRule(t: TFunction): FormRule {
  return { required: true, whitespace: true, message: t('validation:required') };
}

/** The confirm field must equal the field named `passwordField`. */
export function confirmRule(passwordField: string, t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      if (!value) return Promise.reject(new Error(t('validation:required')));
      const password = getFieldValue(passwordField) as string | undefined;
      const key = checkPasswordConfirm(password ?? '', String(value));
      return key ? Promise.reject(new Error(t(`validation:${key}`))) : Promise.resolve();
    },
  });
}
