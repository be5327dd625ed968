/**
 * The account e-mails (docs/product.md §12): verification link (24 h) and password reset link (1 h). Each has
 * a plain-text and an HTML part, the product name and the link; user-supplied text (the first
 * name) is HTML-escaped.
 */
import { PRODUCT_NAME, TAGLINE } from '@campus/shared/constants';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** Escapes `& < > " '` for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  after: string[],
) {
  const href = escapeHtml(button.href);
  const p = (html: string) => `<p style="margin:0 0 16px;line-height:1.5">${html}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f8f6;font-family:Arial,Helvetica,sans-serif;color:#1d2521">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:10px;padding:32px">
<h1 style="margin:0 0 4px;font-size:22px;color:#0b6e4f">${escapeHtml(PRODUCT_NAME)}</h1>
<p style="margin:0 0 24px;color:#4a5650;font-size:13px">${escapeHtml(TAGLINE)}</p>
${paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(button.label)}</a></p>
${p(`If the button does not work, copy this link into your browser:<br><a href="${href}">${href}</a>`)}
${after.map(p).join('\n')}
<p style="margin:24px 0 0;color:#4a5650;font-size:13px">The ${escapeHtml(PRODUCT_NAME)} team</p>
</div></body></html>`;
}

/** Verification mail sent after signup and on resend; `link` is valid for `hours` hours, once. */
export function verificationMail(firstName: string, link: string, hours = 24): MailContent {
  return noticeMail({
    firstName,
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    lines: [`Welcome to ${PRODUCT_NAME}! Please confirm your email address to finish creating your account:`],
    button: { label: 'Verify my email', href: link },
    after: [
      `This link is valid for ${hours} hours and works once. If it has expired, request a new one from the Check Your Inbox page.`,
      `If you did not sign up for ${PRODUCT_NAME}, you can ignore this email.`,
    ],
  });
}

/** Password reset mail; `link` is valid for `minutes` minutes, once. */
export function passwordResetMail(firstName: string, link: string, minutes = 60): MailContent {
  const validity =
    minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  return noticeMail({
    firstName,
    subject: `Reset your ${PRODUCT_NAME} password`,
    lines: [
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Choose a new password here:`,
    ],
    button: { label: 'Choose a new password', href: link },
    after: [
      `This link is valid for ${validity} and works once.`,
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
  });
}

/**
 * Mail to the owner of a listing a moderator hid (docs/product.md §19.3): what was hidden, the
 * moderator's reason, and a link to the owner's dashboard list where it shows "Under review".
 * @param kind 'product' | 'service' | 'shop'
 */
export function listingHiddenMail(
  firstName: string,
  kind: 'product' | 'service' | 'shop',
  title: string,
  reason: string,
  link: string,
): MailContent {
  return moderationMail({
    firstName,
    subject: `Your ${kind} "${title}" was hidden on ${PRODUCT_NAME}`,
    what: `Our moderators have hidden your ${kind} "${title}" from ${PRODUCT_NAME}.`,
    reason,
    next: 'It stays in your dashboard marked "Under review". If you think this is a mistake, reply to this email or contact support.',
    action: { label: 'Open my dashboard', href: link },
  });
}

/**
 * Mail to a user whose account a moderator suspended (docs/product.md §19.3): the reason, what it means
 * (no login, listings hidden) and a link to the Terms.
 */
export function accountSuspendedMail(firstName: string, reason: string, termsLink: string): MailContent {
  return moderationMail({
    firstName,
    subject: `Your ${PRODUCT_NAME} account is suspended`,
    what: `Our moderators have suspended your ${PRODUCT_NAME} account. You cannot log in, and your listings are hidden from other students.`,
    reason,
    next: 'If you think this is a mistake, reply to this email or contact support.',
    action: { label: 'Read the Terms', href: termsLink },
  });
}

/**
 * The shape of a moderation mail (docs/product.md §19.3): greeting, what happened, the moderator's
 * reason in bold, what to do next, and one link (plain-text body and HTML from the same parts).
 */
function moderationMail(parts: {
  firstName: string;
  subject: string;
  what: string;
  reason: string;
  next: string;
  action: { label: string; href: string };
}): MailContent {
  const { firstName, subject, what, next, action } = parts;
  const why = `Reason: ${parts.reason}`;
  const text = [
    `Hi ${firstName},`,
    '',
    what,
    '',
    why,
    '',
    next,
    '',
    action.href,
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = layout(
    subject,
    [`Hi ${escapeHtml(firstName)},`, escapeHtml(what), `<strong>${escapeHtml(why)}</strong>`],
    action,
    [escapeHtml(next)],
  );
  return { subject, text, html };
}

/**
 * The shape of a notice mail: greeting, `lines` (plain text, one paragraph each), one button
 * (its link also written out), then `after` paragraphs; the plain-text body and the HTML come
 * from the same parts, HTML-escaped.
 */
function noticeMail(parts: {
  firstName: string;
  subject: string;
  lines: string[];
  button: { label: string; href: string };
  after?: string[];
}): MailContent {
  const { firstName, subject, lines, button, after = [] } = parts;
  const text = [
    `Hi ${firstName},`,
    '',
    ...lines,
    '',
    button.href,
    '',
    ...after.flatMap((line) => [line, '']),
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = layout(
    subject,
    [`Hi ${escapeHtml(firstName)},`, ...lines.map(escapeHtml)],
    button,
    after.map(escapeHtml),
  );
  return { subject, text, html };
}

/**
 * Notice to an account's owner when someone signs up with their address (ADR 0011: the
 * signup answer does not say the address is taken; the owner learns it here). `link` is the
 * forgot-password page.
 */
export function signupAttemptMail(firstName: string, link: string): MailContent {
  const subject = `Someone tried to sign up to ${PRODUCT_NAME} with your email address`;
  const lines = [
    `Someone (maybe you) just tried to create a new ${PRODUCT_NAME} account with this email address. You already have an account, so no new one was created.`,
    'If it was you and you have forgotten your password, you can reset it here:',
  ];
  const after = ['If it was not you, you can ignore this email: your account has not changed.'];
  return noticeMail({ firstName, subject, lines, button: { label: 'Reset my password', href: link }, after });
}

/**
 * Notice after a password change while signed in (ADR 0011): every other session was
 * ended; `link` is the forgot-password page, in case it was not the owner.
 */
export function passwordChangedMail(firstName: string, link: string): MailContent {
  const subject = `Your ${PRODUCT_NAME} password was changed`;
  const lines = [
    `The password of your ${PRODUCT_NAME} account was just changed, and every other device was logged out.`,
    'If you did not do this, reset your password now:',
  ];
  return noticeMail({ firstName, subject, lines, button: { label: 'Reset my password', href: link } });
}

/**
 * Mail to the side of a deal who must answer it (docs/product.md §28): the seller when a buyer
 * says "I bought this" / "I used this service", the buyer when a seller names them. `link` is the
 * dashboard's deals page; the claim expires after `days` days.
 */
export function dealClaimMail(parts: {
  firstName: string;
  otherName: string;
  listingTitle: string;
  asker: 'buyer' | 'seller';
  link: string;
  days: number;
}): MailContent {
  const { firstName, otherName, listingTitle, asker, link, days } = parts;
  const subject =
    asker === 'buyer'
      ? `${otherName} says they got "${listingTitle}" from you`
      : `${otherName} says you got "${listingTitle}" from them`;
  const lines = [
    asker === 'buyer'
      ? `${otherName} says they bought or used "${listingTitle}" from you on ${PRODUCT_NAME}. Please confirm it if the deal happened, or decline it if it did not.`
      : `${otherName} says you bought or used "${listingTitle}" from them on ${PRODUCT_NAME}. Please confirm it if the deal happened, or decline it if it did not.`,
    'A confirmed deal lets each of you rate the other, so other students can see who they can trust.',
    `If nobody answers within ${days} days, the request expires.`,
  ];
  return noticeMail({ firstName, subject, lines, button: { label: 'Open my deals', href: link } });
}

/** One listing of a saved-search alert (docs/product.md §30). */
export interface AlertMailItem {
  title: string;
  /** 'Kes 1,800.00' (the shared `formatKes`). */
  price: string;
  /** The owner's university. */
  campus: string;
  /** Absolute URL of the card photo, or null. */
  photo: string | null;
  /** Absolute URL of the listing's page. */
  link: string;
  /** The saved search's name. */
  search: string;
}

/**
 * A saved-search alert (docs/product.md §30): `daily` false for the instant alert, true for the
 * 18:00 digest; every new match with its title, price, campus, photo and link, then the links to
 * turn these alerts off (one click, no login) and to manage alerts. User text is HTML-escaped.
 */
export function savedSearchAlertMail(parts: {
  firstName: string;
  items: AlertMailItem[];
  daily: boolean;
  unsubscribeLink: string;
  manageLink: string;
}): MailContent {
  const { firstName, items, daily, unsubscribeLink, manageLink } = parts;
  const count = items.length;
  const searches = [...new Set(items.map((item) => item.search))];
  const subject = `${count} new ${count === 1 ? 'match' : 'matches'} for "${searches[0]}"${
    searches.length > 1
      ? ` and ${searches.length - 1} more saved ${searches.length === 2 ? 'search' : 'searches'}`
      : ''
  }${daily ? ' today' : ''} on ${PRODUCT_NAME}`;
  const intro = daily
    ? `Here is what was listed today for your saved searches on ${PRODUCT_NAME}:`
    : `New listings match your saved searches on ${PRODUCT_NAME}:`;
  const text = [
    `Hi ${firstName},`,
    '',
    intro,
    '',
    ...items.flatMap((item) => [
      `- ${item.title}: ${item.price}, ${item.campus} (${item.search})`,
      `  ${item.link}`,
    ]),
    '',
    `Manage your alerts: ${manageLink}`,
    `Stop these alerts (one click, no login): ${unsubscribeLink}`,
    '',
    `The ${PRODUCT_NAME} team`,
  ].join('\n');
  const row = (item: AlertMailItem) => {
    const href = escapeHtml(item.link);
    const photo = item.photo
      ? `<td style="width:96px;padding:8px 12px 8px 0;vertical-align:top"><a href="${href}"><img src="${escapeHtml(item.photo)}" alt="${escapeHtml(item.title)}" width="96" height="96" style="border-radius:6px;object-fit:cover;display:block"></a></td>`
      : '<td style="width:96px"></td>';
    return `<tr>${photo}<td style="padding:8px 0;vertical-align:top"><a href="${href}" style="color:#0b6e4f;font-weight:bold;text-decoration:none">${escapeHtml(item.title)}</a><br><span>${escapeHtml(item.price)}</span><br><span style="color:#4a5650;font-size:13px">${escapeHtml(item.campus)} · ${escapeHtml(item.search)}</span></td></tr>`;
  };
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f8f6;font-family:Arial,Helvetica,sans-serif;color:#1d2521">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:10px;padding:32px">
<h1 style="margin:0 0 4px;font-size:22px;color:#0b6e4f">${escapeHtml(PRODUCT_NAME)}</h1>
<p style="margin:0 0 24px;color:#4a5650;font-size:13px">${escapeHtml(TAGLINE)}</p>
<p style="margin:0 0 16px;line-height:1.5">Hi ${escapeHtml(firstName)},</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;width:100%">${items.map(row).join('\n')}</table>
<p style="margin:24px 0 0;color:#4a5650;font-size:13px"><a href="${escapeHtml(manageLink)}">Manage your alerts</a> · <a href="${escapeHtml(unsubscribeLink)}">Stop these alerts</a> (one click, no login)</p>
<p style="margin:24px 0 0;color:#4a5650;font-size:13px">The ${escapeHtml(PRODUCT_NAME)} team</p>
</div></body></html>`;
  return { subject, text, html };
}
