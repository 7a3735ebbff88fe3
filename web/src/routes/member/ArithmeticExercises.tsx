import { useEffect, useReducer } from 'react';
import { Page } from '../../components/Page';
import { useGlobalState } from '../../session/GlobalStateProvider';
import { BuilderForm } from './builder/BuilderForm';
import { BuilderMessages } from './builder/BuilderMessages';
import { BuilderWork } from './builder/BuilderWork';
import { PaymentNoticeAlert, usePaymentNotice } from './builder/PaymentNotice';
import { keepBuilder, restoreBuilder } from './builder/persist';
import { builderReducer } from './builder/state';
import { useBuilderScroll } from './builder/useBuilderScroll';
import { useBuilderTurmas } from './builder/useBuilderTurmas';
import { useBuy } from './builder/useBuy';
import { useGenerate } from './builder/useGenerate';
import { useGenerateAgain } from './builder/useGenerateAgain';
import { builderView } from './builder/view';
import './pages.css';

export type { GenerateAgainState } from './builder/useGenerateAgain';

/**
 * Exercícios de Aritmética: choose the operations and the level, generate a page (or a class set of versions), see
 * its preview and buy it. The state is one reducer (builder/state.ts); generating, buying and the payment notice
 * are hooks beside it.
 */
export default function ArithmeticExercises() {
  const { balance } = useGlobalState();
  // A reload of this tab finds the options and the last generated page as they were (builder/persist.ts).
  const [state, dispatch] = useReducer(builderReducer, undefined, () => restoreBuilder());
  useEffect(() => keepBuilder(state), [state]);
  const view = builderView(state, balance);
  // "Para a turma": the member's turmas, read once the class-set mode is shown.
  const turmas = useBuilderTurmas(view.setMode, state.turma, dispatch);
  const generate = useGenerate(dispatch, turmas.reload);
  const purchase = useBuy(state, dispatch);
  const payment = usePaymentNotice();
  const { workArea, messages } = useBuilderScroll(state);
  useGenerateAgain(dispatch, generate);

  return (
    <Page title="Exercícios de Aritmética" className="builder">
      {payment.paymentNotice && <PaymentNoticeAlert notice={payment.paymentNotice} onClose={payment.close} />}
      <p className="lead">Escolha as operações e o nível, gere a página e veja a prévia antes de comprar.</p>

      <form
        className={state.draft ? 'builder__body builder__body--long' : 'builder__body'}
        onSubmit={(event) => {
          event.preventDefault();
          if (view.canGenerate) void generate(state.options, state.draft, view.versions, state.turma);
        }}
      >
        <BuilderForm state={state} view={view} dispatch={dispatch} turmas={turmas.list} />

        {/*
          The preview with the buttons right under it, so that after 'Gerar página' both are on the screen at once;
          the messages (the purchase's outcome, the insufficient-balance warning, the timed hint) come below the
          buttons, in the flow: they never cover a control, and appearing they move nothing above them.
        */}
        <div className="builder__work">
          <BuilderWork
            state={state}
            view={view}
            dispatch={dispatch}
            workArea={workArea}
            onBuy={() => void purchase()}
          />
          <BuilderMessages state={state} view={view} dispatch={dispatch} messages={messages} />
        </div>
      </form>
    </Page>
  );
}
