import { redirect, type LoaderFunctionArgs } from 'react-router';
import { processPayment } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { globalStoreContext } from '../../session/store';

/**
 * Mercado Pago sends the buyer back here after paying. There is no screen: the payment is handed to the server
 * (which credits it once, whether this or the webhook arrives first) and the user goes back to the builder.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const preferenceId = query.get('preference_id');
  const paymentId = query.get('payment_id');
  if (preferenceId && paymentId) {
    await api(processPayment, { body: { preferenceId, paymentId }, signal: request.signal });
    context.get(globalStoreContext).dispatch(globalActions.refreshBalance());
  }
  return redirect(paths.exercises);
}
