import { Link } from 'react-router';
import { Msg } from '@app/contracts';
import { formatReais } from '@app/contracts/format';
import { paths } from '../../../paths';
import { useGlobalDispatch, useGlobalState } from '../../../session/GlobalStateProvider';
import { globalActions, type PaymentNotice } from '../../../session/globalState';
import { CloseButton } from './CloseButton';

/** The outcome of the payment the member came back with from Mercado Pago, and closing it. */
export function usePaymentNotice() {
  const dispatch = useGlobalDispatch();
  const { paymentNotice } = useGlobalState();
  return { paymentNotice, close: () => dispatch(globalActions.setPaymentNotice(null)) };
}

/** The outcome of the payment the user came back with from Mercado Pago (/pagamento-sucesso), until closed. */
export function PaymentNoticeAlert({ notice, onClose }: { notice: PaymentNotice; onClose: () => void }) {
  const { kind, text } = describePayment(notice);
  return (
    <div
      className={`alert alert--${kind} closable`}
      role={kind === 'error' ? 'alert' : 'status'}
      data-outcome={notice.outcome}
    >
      <p>{text}</p>
      {notice.outcome === 'rejected' && (
        <Link to={paths.addBalance} className="button button--small" onClick={onClose}>
          {Msg.paymentTryAgain}
        </Link>
      )}
      <CloseButton onClick={onClose} />
    </div>
  );
}

function describePayment({ outcome, amount, alreadyAdded }: PaymentNotice): {
  kind: 'success' | 'info' | 'error';
  text: string;
} {
  switch (outcome) {
    case 'approved':
      // A return link opened again: nothing more was added, and the screen says so.
      if (alreadyAdded && amount !== null)
        return {
          kind: 'info',
          text: Msg.paymentOutcomeAlreadyAdded(formatReais(amount).replace(' ', '\u00a0')),
        };
      return {
        kind: 'success',
        // A no-break space keeps 'R$' and the value on one line on a phone.
        text:
          amount === null
            ? Msg.paymentCredited
            : Msg.paymentOutcomeApproved(formatReais(amount).replace(' ', '\u00a0')),
      };
    case 'pending':
      return { kind: 'info', text: Msg.paymentOutcomePending };
    case 'rejected':
      return { kind: 'error', text: Msg.paymentOutcomeRejected };
    case 'mismatch':
      return { kind: 'error', text: Msg.paymentMismatch };
    case 'not_found':
      return { kind: 'error', text: Msg.paymentNotFound };
    case 'unknown':
      return { kind: 'info', text: Msg.paymentOutcomeUnknown };
  }
}
