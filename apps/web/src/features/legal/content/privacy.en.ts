import type { LegalDocument } from './types';

export const privacyEn: LegalDocument = {
  title: 'HMI Cloud Console Privacy Policy',
  effective: 'Effective date: 1 January 2025',
  intro: [
    'We take your personal information seriously. This Policy explains how we collect, use, store, share and protect personal information when you use HMI Cloud Console (the "Service"), and the rights you have.',
    'This Policy applies to the web console, the mobile app and the related interfaces of the Service. Please read it carefully before using the Service.',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: [
        '- Account information: the mobile number or email address you register with, your name, your password (stored only in irreversible hashed form) and the data center you chose; the alias and contact details you enter in the Personal Center.',
        '- Team information: team name, roles, permissions and invitation records.',
        '- Device and business data: device serial numbers, models, names, groups, labels, template configurations, variable (TAG) data, alarm rules and records, billing cards and traffic usage.',
        '- Remote access records: start and end time, duration and traffic of VNC sessions. We do not record or store the content of remote screens.',
        '- Logs: sign-in times, IP addresses, browser type, operation records and error logs, used for security auditing and troubleshooting.',
        '- Verification data: SMS or email codes for registration and password recovery, kept only while they are valid.',
      ],
    },
    {
      heading: '2. How we use information',
      paragraphs: [
        '- to create and manage your account and verify your identity;',
        '- to provide device connectivity, data collection, alarm notification, remote viewing and the other core features;',
        '- to send service messages such as activation emails, verification codes, alarm notifications and billing expiry reminders;',
        '- to keep accounts and systems secure and detect unusual sign-ins and malicious access;',
        '- to analyse how the Service runs and improve it, using aggregated or de-identified data.',
        'We do not use your personal information for purposes unrelated to the above, and never for targeted advertising.',
      ],
    },
    {
      heading: '3. Cookies and local storage',
      paragraphs: [
        'We use browser local storage and strictly necessary cookies to keep your sign-in credentials, language preference, chosen data center and cookie choice. These are required for the Service to work.',
        'On your first visit we ask for your consent with a notice at the bottom of the page. You can accept or reject; if you reject, we use only the storage strictly necessary to run the Service and no analytics cookies. You can clear this data at any time in your browser settings.',
      ],
    },
    {
      heading: '4. Where and how long we store information',
      paragraphs: [
        'Your account and business data are stored in the data center you chose at registration (Europe, China or India). To register, activate, recover and remove accounts, the necessary account identifiers are processed by a central account service that records which data center holds each account.',
        'We keep information only as long as needed for the purposes in this Policy: account information until you remove your account; device history according to your service plan; security logs normally for 180 days, unless the law requires otherwise.',
      ],
    },
    {
      heading: '5. Sharing and disclosure',
      paragraphs: [
        'We never sell your personal information. We share it only:',
        '- with SMS and email providers, limited to the mobile number or email address needed to deliver codes and emails;',
        "- within your team, where the main account and authorised members can see members' names, accounts and roles;",
        '- where disclosure is required by law or by a judicial or administrative authority;',
        '- where necessary to protect the safety or property of you, us or the public.',
      ],
    },
    {
      heading: '6. Security',
      paragraphs: [
        'We protect your information with encrypted transport (HTTPS), one-way hashed passwords, regularly rotated access tokens, per-team data isolation, role-based access control and operation auditing.',
        'No security measure is perfect. If a personal data incident occurs, we will inform you promptly as required by law and take remedial action.',
      ],
    },
    {
      heading: '7. Your rights',
      paragraphs: [
        '- Access and correction: view and edit your name, alias and contact details in the Personal Center;',
        '- Password: change your password in the Personal Center at any time, or reset it with "Forgot password";',
        '- Deletion: request account removal in the Personal Center; your personal information is then deleted or anonymised;',
        '- Withdrawing consent: reject non-essential cookies, or withdraw consent to processing by removing your account.',
        "Some information of sub-accounts is managed by the team's main account; please contact your main account for help.",
      ],
    },
    {
      heading: '8. Minors',
      paragraphs: [
        'The Service is intended for businesses and professionals, not for anyone under 18. If we learn that we have collected personal information of a minor without guardian consent, we will delete it promptly.',
      ],
    },
    {
      heading: '9. Changes to this Policy',
      paragraphs: [
        'We may update this Policy from time to time. The updated Policy is published on the platform, and we will point out material changes by in-app message or email.',
      ],
    },
    {
      heading: '10. Contact us',
      paragraphs: [
        'If you have questions, comments or complaints about this Policy or how we handle personal information, contact us through the in-app message center or the contact details published by your service provider. We will reply within 15 working days.',
      ],
    },
  ],
};
