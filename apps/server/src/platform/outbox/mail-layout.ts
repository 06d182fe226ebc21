import mjml2html from 'mjml';

/** What an e-mail says, before it is laid out: the same content makes the text and the HTML parts. */
export interface MailContent {
  subject: string;
  /** Paragraphs, in order. */
  paragraphs: string[];
  /** The one thing the player is asked to do, if any: a button in HTML, a line with the link in text. */
  action?: { label: string; link: string } | undefined;
  /** Marketing mail carries an unsubscribe link; a message about the account never does. */
  unsubscribe?: string | undefined;
}

const BRAND = 'Комета';
const SERVICE_NOTE =
  'Это служебное письмо о вашем аккаунте: оно приходит, даже если вы отказались от рассылок.';
const UNSUBSCRIBE = 'Отписаться от рассылки';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The plain-text alternative: what a mail client without HTML (or a screen reader) shows. */
export function mailText(content: MailContent): string {
  const lines = [...content.paragraphs];
  if (content.action) lines.push(`${content.action.label}: ${content.action.link}`);
  lines.push('—', BRAND);
  lines.push(content.unsubscribe ? `${UNSUBSCRIBE}: ${content.unsubscribe}` : SERVICE_NOTE);
  return lines.join('\n\n');
}

/** The HTML alternative, laid out with MJML (responsive, and readable in Outlook and Gmail alike). */
export async function mailHtml(content: MailContent): Promise<string> {
  const paragraphs = content.paragraphs
    .map(
      (text) =>
        `<mj-text font-size="16px" line-height="24px" color="#1d2033">${escape(text).replace(/\n/g, '<br>')}</mj-text>`,
    )
    .join('\n');
  const action = content.action
    ? `<mj-button href="${escape(content.action.link)}" background-color="#ff5a36" color="#ffffff" font-size="16px" font-weight="600" border-radius="10px" inner-padding="14px 28px">${escape(content.action.label)}</mj-button>`
    : '';
  const footer = content.unsubscribe
    ? `<a href="${escape(content.unsubscribe)}" style="color:#6b7090">${UNSUBSCRIBE}</a>`
    : escape(SERVICE_NOTE);
  const markup = `<mjml lang="ru">
  <mj-head>
    <mj-title>${escape(content.subject)}</mj-title>
    <mj-preview>${escape(content.paragraphs[0] ?? content.subject)}</mj-preview>
    <mj-attributes><mj-all font-family="Onest, 'Segoe UI', Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f2f3f8">
    <mj-section padding="24px 0 8px">
      <mj-column><mj-text font-size="22px" font-weight="700" color="#ff5a36">${BRAND}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="16px" padding="24px 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" line-height="28px" color="#1d2033">${escape(content.subject)}</mj-text>
        ${paragraphs}
        ${action}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column><mj-text font-size="12px" line-height="18px" color="#6b7090">${footer}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(markup, { validationLevel: 'strict' });
  if (errors.length > 0) throw new Error(`mail layout: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return html;
}
