import type { LegalDocument } from './types';

export const serviceEn: LegalDocument = {
  title: 'HMI Cloud Console Terms of Service',
  effective: 'Effective date: 1 January 2025',
  intro: [
    'Welcome to HMI Cloud Console (the "Service"). The Service is provided by the party that deploys and operates this platform ("we", "us") and lets you monitor and manage industrial human-machine interfaces (HMIs) and gateway devices remotely.',
    'Please read these Terms carefully before you register, sign in or use the Service, in particular the clauses that exclude or limit liability. By ticking the consent box, completing registration or using the Service, you confirm that you have read and agree to be bound by these Terms.',
  ],
  sections: [
    {
      heading: '1. The Service',
      paragraphs: [
        'The Service gives industrial users cloud-based device connectivity and remote operations, including:',
        '- binding, grouping, labelling and templating of devices;',
        '- collection of device variables (TAGs), history and data dashboards;',
        '- alarm rules, alarm records, notifications and acknowledgement;',
        '- remote viewing of HMI screens over VNC sessions;',
        '- teams, roles, security zones and sub-account permissions;',
        '- billing through Cloud Application and Remote Access cards.',
        'The features actually available are those offered on the platform. We may change, upgrade or retire features as the Service evolves and will give reasonable notice of material changes.',
      ],
    },
    {
      heading: '2. Accounts and security',
      paragraphs: [
        'You may register with a mainland China mobile number or an email address. Accounts registered by email must be activated through the link in the activation email within 48 hours; after that you need to register again.',
        'When registering you choose a data center (Europe, China or India). Your account and its business data are stored in that data center, and the choice cannot be changed later.',
        'You must keep your account and password confidential and must not lend, transfer or share your account. You are responsible for losses caused by failing to do so. If you suspect unauthorised use of your account, change your password immediately and notify us.',
        'A main account is responsible for the sub-accounts, roles and data permissions of its team. After joining a team, a sub-account acts with the permissions granted by the main account.',
      ],
    },
    {
      heading: '3. Acceptable use and on-site safety',
      paragraphs: [
        "You will use the Service only for devices you own or are lawfully authorised to manage, and you will not use it to access, control or interfere with anyone else's devices or systems.",
        'Writing variables remotely and viewing or operating an HMI screen remotely can directly change how equipment on site behaves. Before operating remotely you must make sure the necessary on-site safety measures are in place (including informing personnel, interlocks and emergency stops) and follow the safety regulations of your industry.',
        'The Service is not a safety system. It must not be the sole means of emergency shutdown, personal protection or any other safety-critical function. Alarm notifications may be delayed or lost because of networks, carriers or devices and do not replace on-site alarm and protection equipment.',
        'You must not reverse engineer, maliciously scan or load-test the Service, or upload or distribute unlawful or infringing content.',
      ],
    },
    {
      heading: '4. Billing and cards',
      paragraphs: [
        'Some features require a billing card: Cloud Application cards provide TAG counts and templates; Remote Access cards provide remote-access traffic.',
        'A card is valid for one year from the day it is activated and then expires. TAG counts and levels allocated to a device cannot be taken back, and a level can only be raised, never lowered.',
        'Once the traffic switch is turned on in a calendar month it cannot be turned off in that month; turning it off applies to the current month only. A remote session ends automatically when the device runs out of traffic or reaches the maximum session length you set.',
        'Activated cards are not refundable except where the law requires otherwise.',
      ],
    },
    {
      heading: '5. Data and intellectual property',
      paragraphs: [
        'Data you upload or your devices generate through the Service (including device configurations, variable data and alarm records) belongs to you or your team. You authorise us to process it to the extent necessary to provide, maintain and improve the Service.',
        'The Service, its software, interface, documentation and trademarks are the intellectual property of us or the respective rights holders. You may not copy, modify or otherwise use them without written permission.',
        'How we handle personal information is described in the Privacy Policy, which forms part of these Terms.',
      ],
    },
    {
      heading: '6. Availability and maintenance',
      paragraphs: [
        'We make reasonable efforts to keep the Service continuous and stable. Where maintenance or upgrades require an interruption, we will announce it on the platform in advance whenever possible.',
        'We are not liable for interruptions or data delays caused by force majeure, carrier failures, network attacks, outages of third-party services or network problems on the device side, but we will help to restore service.',
      ],
    },
    {
      heading: '7. Limitation of liability',
      paragraphs: [
        'To the maximum extent permitted by law, we are not liable for indirect losses, production downtime, loss of profit or loss of data arising from the use of, or inability to use, the Service.',
        'You bear losses caused by your breach of these Terms (including remote operation without on-site safety measures) and will compensate us or third parties for damage so caused.',
        'Our total liability to you is limited to the fees you actually paid for the relevant service in the twelve months before the loss occurred.',
      ],
    },
    {
      heading: '8. Account removal and termination',
      paragraphs: [
        'You can request removal of your account in the Personal Center. Removal requires your password; afterwards every session of the account ends at once and the account and its data are deleted permanently. If the account still holds devices, templates or valid cards, we recommend clearing or transferring them first.',
        'If you seriously breach these Terms or applicable law, we may suspend or terminate the Service for you and reserve all legal rights.',
      ],
    },
    {
      heading: '9. Changes to these Terms',
      paragraphs: [
        'We may revise these Terms from time to time. Revised Terms are published on the platform, and we will notify you of material changes by in-app message or email. If you continue to use the Service after a change takes effect, you accept the revised Terms; if you do not agree, you may stop using the Service and remove your account.',
      ],
    },
    {
      heading: '10. Governing law and disputes',
      paragraphs: [
        'These Terms are governed by the law of the jurisdiction of the data center you chose, subject to mandatory law. Disputes shall first be settled amicably; failing that, they shall be submitted to a competent court or arbitration body.',
        'If you have questions about these Terms, contact us through the in-app message center or the contact details published by your service provider.',
      ],
    },
  ],
};
