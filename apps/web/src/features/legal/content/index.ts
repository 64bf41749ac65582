import type { AgreementLanguage } from '@hmi/contract';
import { privacyCn } from './privacy.cn';
import { privacyEn } from './privacy.en';
import { privacyTw } from './privacy.tw';
import { serviceCn } from './service.cn';
import { serviceEn } from './service.en';
import { serviceTw } from './service.tw';
import type { LegalDocument } from './types';

export type { LegalDocument, LegalSection } from './types';
export type AgreementKind = 'service' | 'privacy';
export type AgreementLang = (typeof AgreementLanguage)[keyof typeof AgreementLanguage];

export const legalDocuments: Record<AgreementKind, Record<AgreementLang, LegalDocument>> = {
  service: { cn: serviceCn, en: serviceEn, tw: serviceTw },
  privacy: { cn: privacyCn, en: privacyEn, tw: privacyTw },
};
