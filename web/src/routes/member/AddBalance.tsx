import { useCallback, useEffect, useMemo, useState } from 'react';
import { redirect, useFetcher, useLoaderData, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { initMercadoPago, Wallet } from '@mercadopago/sdk-react';
import { createPreference, Msg, PlatformMessages } from '@app/contracts';
import { formatReais } from '@app/contracts/format';
import { clientConfig } from '../../api/clientConfig';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import './AddBalance.css';

/** A top-up is from R$ 5 to R$ 20 in whole reais, 10 by default. */
const MIN_REAIS = 5;
const MAX_REAIS = 20;
const DEFAULT_REAIS = 10;
/** The wallet button is rendered 200 ms after mount (the SDK needs its container laid out). */
const WALLET_DELAY_MS = 200;
/** Without onReady by then, Mercado Pago's script did not load: the plain button takes the wallet's place. */
const WALLET_TIMEOUT_MS = 8000;

interface Preference {
  id: string;
  init_point: string;
}

/** Whether the real wallet can be offered: a public key, and not the local stand-in of Mercado Pago. */
export async function loader() {
  const config = await clientConfig();
  const walletKey = config.httpStatus === 200 && !config.devProvidersUrl ? config.mercadoPagoPublicKey : null;
  return { walletKey };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await api(createPreference, { body: { amount: Number(form.get('amount')) } });
  if (result.httpStatus === 401) return redirect(paths.login);
  if (result.status === 'SUCCESS' && result.payload) return { preference: result.payload };
  return { error: result.message || PlatformMessages.internal };
}

export default function AddBalance() {
  const { walletKey } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const [amount, setAmount] = useState(DEFAULT_REAIS);
  // 'Se deseja alterar o valor' returns to step 1 and forgets the preference.
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const offered = fetcher.data && 'preference' in fetcher.data ? fetcher.data.preference : null;
  const preference = offered && offered.id !== dismissedId ? offered : null;
  const error =
    fetcher.state === 'idle' && fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null;
  // Mercado Pago sends a refused payer back here (back_urls.failure) with its status in the query.
  const [query] = useSearchParams();
  const refused = query.get('collection_status') === 'rejected' || query.get('status') === 'rejected';

  return (
    <Page title="Adicionar Saldo" className="add-balance">
      {preference ? (
        <PaymentStep
          amount={amount}
          preference={preference}
          walletKey={walletKey}
          onChangeAmount={() => setDismissedId(preference.id)}
        />
      ) : (
        <fetcher.Form method="post">
          {refused && !fetcher.data && (
            <p className="alert alert--error" role="alert">
              {Msg.paymentOutcomeRejected}
            </p>
          )}
          <div className="alert">
            Escolha um valor entre <strong className="money">R$ 5,00</strong> e{' '}
            <strong className="money">R$ 20,00</strong>. O pagamento é processado pelo Mercado Pago e o valor
            fica disponível no seu saldo após a confirmação.
          </div>
          <label className="amount" htmlFor="amount">
            <span>Valor a adicionar</span>
            <output htmlFor="amount" className="amount__value money">
              {formatReais(amount)}
            </output>
          </label>
          <input
            id="amount"
            name="amount"
            type="range"
            min={MIN_REAIS}
            max={MAX_REAIS}
            step={1}
            value={amount}
            onChange={(event) => setAmount(Number(event.target.value))}
            aria-valuetext={formatReais(amount)}
          />
          <div className="amount__scale" aria-hidden="true">
            <span>{formatReais(MIN_REAIS)}</span>
            <span>{formatReais(MAX_REAIS)}</span>
          </div>
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button" disabled={fetcher.state !== 'idle'}>
              Avançar
            </button>
          </div>
        </fetcher.Form>
      )}
    </Page>
  );
}

/** Step 2: the amount chosen, and Mercado Pago's button to pay it (or a way back to change it). */
function PaymentStep({
  amount,
  preference,
  walletKey,
  onChangeAmount,
}: {
  amount: number;
  preference: Preference;
  walletKey: string | null;
  onChangeAmount: () => void;
}) {
  return (
    <section aria-label="Pagamento">
      <p className="lead">
        Você está prestes a adicionar <strong className="money">{formatReais(amount)}</strong> ao seu saldo.
      </p>
      <p>
        Clique no botão do Mercado Pago abaixo para ser redirecionado ao ambiente de pagamento seguro. Seu
        saldo será atualizado automaticamente após a confirmação do pagamento.
      </p>
      <p>
        <button type="button" className="link-button" onClick={onChangeAmount}>
          Se deseja alterar o valor, clique aqui
        </button>
      </p>
      <PayButton preference={preference} walletKey={walletKey} />
    </section>
  );
}

/**
 * Mercado Pago's wallet button (pt-BR), or a plain link to the checkout when the wallet cannot show: the local
 * stand-in is in use, there is no public key, or Mercado Pago's script did not load.
 */
function PayButton({ preference, walletKey }: { preference: Preference; walletKey: string | null }) {
  const [wallet, setWallet] = useState<'waiting' | 'shown' | 'ready' | 'failed'>(
    walletKey ? 'waiting' : 'failed',
  );

  useEffect(() => {
    if (!walletKey) return;
    initMercadoPago(walletKey, { locale: 'pt-BR' });
    const show = setTimeout(() => setWallet('shown'), WALLET_DELAY_MS);
    const giveUp = setTimeout(() => setWallet((w) => (w === 'ready' ? w : 'failed')), WALLET_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(giveUp);
    };
  }, [walletKey, preference.id]);

  // The wallet re-creates its brick whenever these change identity, so they are kept stable.
  const initialization = useMemo(
    () => ({ preferenceId: preference.id, redirectMode: 'self' as const }),
    [preference.id],
  );
  const onReady = useCallback(() => setWallet('ready'), []);
  const onError = useCallback(() => setWallet('failed'), []);

  if (wallet === 'failed') {
    return (
      <a className="button button--mercadopago" href={preference.init_point}>
        Pagar com Mercado Pago
      </a>
    );
  }
  if (wallet === 'waiting') return <div className="wallet-placeholder" aria-busy="true" />;
  return <Wallet initialization={initialization} locale="pt-BR" onReady={onReady} onError={onError} />;
}
