/**
 * The account e-mails (issue "Accounts": verification and password reset), each with a
 * plain-text and an HTML part in the shop's voice. Names typed by visitors are escaped in the
 * HTML part.
 */
import escapeHtml from 'escape-html';
import type { AuthEmailInput } from '~/lib/auth.server';
import type { MailMessage } from '~/lib/mail.server';

function layout(
  shopName: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${text}</p>`).join('');
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f6f1ea;font-family:Georgia,serif;color:#2b2118">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#7a1f2b">${escapeHtml(shopName)}</p>
<h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7a1f2b;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-family:Arial,sans-serif">${action.label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b5d50">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>
<p style="margin:32px 0 0;font-size:13px;color:#6b5d50">With warm regards,<br>${escapeHtml(shopName)}, Rajkot</p>
</div></body></html>`;
}

/** Builds an account e-mail from its subject, two paragraphs and its one action. */
function accountEmail(
  input: AuthEmailInput,
  copy: { subject: string; intro: string; expiry: string; action: string },
): MailMessage {
  return {
    to: input.to,
    subject: copy.subject,
    link: input.url,
    text: [
      `Dear ${input.name},`,
      '',
      copy.intro,
      '',
      `${copy.action}: ${input.url}`,
      '',
      copy.expiry,
      '',
      'With warm regards,',
      `${input.shopName}, Rajkot`,
    ].join('\n'),
    html: layout(
      input.shopName,
      `Dear ${escapeHtml(input.name)},`,
      [escapeHtml(copy.intro), escapeHtml(copy.expiry)],
      { label: copy.action, url: input.url },
    ),
  };
}

/** The e-mail that confirms a new account's address. */
export function verificationEmail(input: AuthEmailInput): MailMessage {
  return accountEmail(input, {
    subject: `Confirm your e-mail for ${input.shopName}`,
    intro: `Thank you for registering with ${input.shopName}. Please confirm that this is your e-mail address so we can keep your account, your cart and your orders safe.`,
    expiry: `The link works for ${input.validForHours} hours. If you did not register, you can ignore this e-mail; no account will be usable without this step.`,
    action: 'Confirm my e-mail',
  });
}

/** The e-mail with a link to choose a new password. */
export function passwordResetEmail(input: AuthEmailInput): MailMessage {
  return accountEmail(input, {
    subject: `Reset your ${input.shopName} password`,
    intro: `We received a request to reset the password of your ${input.shopName} account. Choose a new one with the link below; you will be signed out everywhere else.`,
    expiry: `The link works for ${input.validForHours} hour${input.validForHours === 1 ? '' : 's'} and only once. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    action: 'Choose a new password',
  });
}
