import type { Locale } from '@hmi/contract';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const activation: Record<Locale, { subject: string; lines: (name: string, hours: number) => string[] }> = {
  'zh-CN': {
    subject: '激活您的 HMI 云账号',
    lines: (name, hours) => [`${name}，您好：`, `请在 ${hours} 小时内点击以下链接激活您的账号：`],
  },
  'zh-TW': {
    subject: '啟用您的 HMI 雲帳號',
    lines: (name, hours) => [`${name}，您好：`, `請在 ${hours} 小時內點擊以下連結啟用您的帳號：`],
  },
  'en-US': {
    subject: 'Activate your HMI Cloud account',
    lines: (name, hours) => [
      `Hello ${name},`,
      `Open this link within ${hours} hours to activate your account:`,
    ],
  },
};

const ignore: Record<Locale, string> = {
  'zh-CN': '如果这不是您本人的操作，请忽略此邮件。',
  'zh-TW': '如果這不是您本人的操作，請忽略此郵件。',
  'en-US': 'If you did not ask for this, ignore this message.',
};

export function activationMail(locale: Locale, name: string, link: string, hours: number): Rendered {
  const t = activation[locale];
  const lines = t.lines(name, hours);
  return {
    subject: t.subject,
    text: [...lines, link, '', ignore[locale]].join('\n'),
    html:
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(ignore[locale])}</p>`,
  };
}

const recovery: Record<Locale, { subject: string; line: (code: string, minutes: number) => string }> = {
  'zh-CN': {
    subject: 'HMI 云账号找回密码验证码',
    line: (code, m) => `您的验证码是 ${code}，${m} 分钟内有效。`,
  },
  'zh-TW': {
    subject: 'HMI 雲帳號找回密碼驗證碼',
    line: (code, m) => `您的驗證碼是 ${code}，${m} 分鐘內有效。`,
  },
  'en-US': {
    subject: 'HMI Cloud password recovery code',
    line: (code, m) => `Your verification code is ${code}. It is valid for ${m} minutes.`,
  },
};

export function recoveryMail(locale: Locale, code: string, minutes: number): Rendered {
  const t = recovery[locale];
  const line = t.line(code, minutes);
  return {
    subject: t.subject,
    text: `${line}\n\n${ignore[locale]}`,
    html: `<p>${escapeHtml(line)}</p><p>${escapeHtml(ignore[locale])}</p>`,
  };
}

const sms: Record<Locale, (code: string, minutes: number) => string> = {
  'zh-CN': (code, m) => `【HMI云】验证码 ${code}，${m} 分钟内有效，请勿泄露。`,
  'zh-TW': (code, m) => `【HMI雲】驗證碼 ${code}，${m} 分鐘內有效，請勿洩露。`,
  'en-US': (code, m) => `[HMI Cloud] Your code is ${code}, valid for ${m} minutes. Do not share it.`,
};

export function codeSms(locale: Locale, code: string, minutes: number): string {
  return sms[locale](code, minutes);
}
