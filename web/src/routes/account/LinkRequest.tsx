import type { ReactNode } from 'react';
import { useFetcher } from 'react-router';

/** What a request for a link by email answers the screen: whether it went, and the pt-BR text to show. */
export type LinkRequestAnswer = { sent: boolean; message: string };

/**
 * A button that asks the server for a link by email without leaving the screen ('Reenviar e-mail de
 * ativação' on the sign-in screen, a Google account's 'Enviar link para criar senha'), posted to the screen's own
 * action with `intent`; then the answer, and the button stays off once the link went.
 */
export function LinkRequest({
  intent,
  fields = {},
  label,
  sendingLabel,
  className,
  buttonClassName = 'button button--block',
  children,
}: {
  intent: string;
  fields?: Record<string, string>;
  label: string;
  sendingLabel: string;
  className?: string;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<LinkRequestAnswer>();
  const sending = fetcher.state !== 'idle';
  const answer = fetcher.data;
  return (
    <fetcher.Form method="post" className={className}>
      {children}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClassName} disabled={sending || answer?.sent}>
        {sending ? sendingLabel : label}
      </button>
      {answer && !sending && (
        <p
          role={answer.sent ? 'status' : 'alert'}
          className={answer.sent ? 'alert alert--success' : 'alert alert--error'}
        >
          {answer.message}
        </p>
      )}
    </fetcher.Form>
  );
}
