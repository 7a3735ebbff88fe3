import { Msg, type AuditType, type Events, type MessagePayload } from '@app/contracts';
import { formatCents } from '@app/contracts/format';

/** One line of the activity log, as the projection stores it ((type, eventId) is the dedup key). */
export interface AuditRecord {
  type: AuditType;
  eventId: string;
  at: Date;
  summary: string;
  userId: string | null;
  email: string | null;
}

const loginFailureReasons = {
  credentials: 'email ou senha incorretos',
  inactive: 'conta não ativada',
  google: 'Google',
} as const;

export type AuditedEvent =
  | 'userRegistered'
  | 'userActivated'
  | 'loginFailed'
  | 'topupCredited'
  | 'topupReversed'
  | 'topupRefunded'
  | 'pageBought';
type Payload<K extends AuditedEvent> = MessagePayload<(typeof Events)[K]>;

/** How each audited event becomes a line of the log, with its pt-BR summary. */
export const toAuditRecord: { [K in AuditedEvent]: (event: Payload<K>) => AuditRecord } = {
  userRegistered: (e) =>
    line(
      'user.registered',
      e,
      `Novo cadastro: ${e.email}${e.fromGoogle ? ' (Google)' : ''}`,
      e.userId,
      e.email,
    ),
  userActivated: (e) => line('user.activated', e, `Conta ativada: ${e.email}`, e.userId, e.email),
  loginFailed: (e) =>
    line('login.failed', e, `Falha de login: ${e.email} (${loginFailureReasons[e.reason]})`, null, e.email),
  topupCredited: (e) =>
    line('topup.credited', e, `Saldo adicionado: ${formatCents(e.amountCents)}`, e.userId, null),
  // A refund or chargeback taking back part or all of a credited top-up: the amount taken back now.
  topupReversed: (e) =>
    line('topup.reversed', e, Msg.auditTopUpReversed(formatCents(e.amountCents), e.reason), e.userId, null),
  // A payment approved after its payer deleted the account, sent back through Mercado Pago's refund API.
  topupRefunded: (e) =>
    line('topup.refunded', e, Msg.auditTopUpRefunded(formatCents(e.amountCents)), e.userId, null),
  pageBought: (e) =>
    line('page.bought', e, `Página comprada: ${e.code} (${formatCents(e.priceCents)})`, e.userId, null),
};

function line(
  type: AuditType,
  event: { eventId: string; at: string },
  summary: string,
  userId: string | null,
  email: string | null,
): AuditRecord {
  const at = new Date(event.at);
  // A malformed time is the publisher's bug: failing lets the consumer retry, then terminate and log it.
  if (Number.isNaN(at.getTime())) throw new Error(`event ${event.eventId} has an invalid time`);
  return { type, eventId: event.eventId, at, summary, userId, email };
}
