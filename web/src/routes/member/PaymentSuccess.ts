import { redirect, type LoaderFunctionArgs } from 'react-router';
import { processPayment, ProcessPaymentResult } from '@app/contracts';
import { ApiError, api } from '../../api/client';
import { paths } from '../../paths';
import { globalActions, type PaymentNotice } from '../../session/globalState';
import { globalStoreContext } from '../../session/store';

/**
 * Mercado Pago sends the buyer back here after paying. There is no screen of its own: the payment is handed to the
 * server (which credits it once, whether this or the webhook arrives first) and the user goes back to the builder,
 * which says what happened (approved with its amount, still processing, refused) through the global store.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const preferenceId = query.get('preference_id');
  const paymentId = query.get('payment_id');
  if (preferenceId && paymentId) {
    const store = context.get(globalStoreContext);
    store.dispatch(globalActions.setPaymentNotice(await settle(preferenceId, paymentId, request.signal)));
    store.dispatch(globalActions.refreshBalance());
  }
  return redirect(paths.exercises);
}

async function settle(preferenceId: string, paymentId: string, signal: AbortSignal): Promise<PaymentNotice> {
  try {
    const result = await api(processPayment, { body: { preferenceId, paymentId }, signal });
    // The outcome comes in the payload of the SUCCESS answer and of the PAYMENT_NOT_CREDITED errors alike.
    const payload = ProcessPaymentResult.safeParse(result.payload);
    if (!payload.success) return { outcome: 'unknown', amount: null };
    return {
      outcome: payload.data.outcome,
      amount: payload.data.amount,
      alreadyAdded: payload.data.alreadyAdded,
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { outcome: 'unknown', amount: null };
  }
}
