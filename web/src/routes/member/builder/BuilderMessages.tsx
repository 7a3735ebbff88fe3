import { useRef, type Dispatch, type RefObject } from 'react';
import { Link } from 'react-router';
import { Msg } from '@app/contracts';
import { reaisToCents } from '@app/contracts/format';
import { paths } from '../../../paths';
import { useGlobalState } from '../../../session/GlobalStateProvider';
import { negativeBalanceToBuy } from '../../../session/balanceTexts';
import { setTotalText } from '../classSet';
import { SetProgressBar } from '../SetProgressBar';
import { CloseButton } from './CloseButton';
import type { BuilderAction, BuilderState } from './state';
import { useEditHint } from './useEditHint';
import { useShownBesideButtons } from './useBuilderScroll';
import type { BuilderView } from './view';

/**
 * The messages under the buttons (the purchase's outcome, the insufficient-balance warning, the timed hint), in the
 * flow: they never cover a control, and appearing they move nothing above them.
 */
export function BuilderMessages({
  state,
  view,
  dispatch,
  messages,
}: {
  state: BuilderState;
  view: BuilderView;
  dispatch: Dispatch<BuilderAction>;
  messages: RefObject<HTMLDivElement | null>;
}) {
  const { balance, balanceDetails } = useGlobalState();
  const { setProgress, notice, generatedSet } = state;
  const [hint, closeHint] = useEditHint(!state.editing);
  const hintBox = useRef<HTMLDivElement>(null);
  useShownBesideButtons(hint === 'shown', hintBox);
  return (
    <div className="builder__messages" ref={messages}>
      {setProgress && <SetProgressBar progress={setProgress} />}
      {notice && (
        <p
          className={`alert alert--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-message
        >
          {notice.text}
        </p>
      )}
      {view.showBalanceWarning && (
        <div className="alert alert--warning closable" role="alert" data-message>
          <div className="alert__text">
            <p>
              {generatedSet ? Msg.insufficientBalanceForSet(generatedSet.versions) : Msg.insufficientBalance}
            </p>
            {generatedSet && <p className="alert__detail">{setTotalText(generatedSet.versions)}</p>}
            {balance !== null && balance < 0 && (
              <p className="alert__detail">
                {negativeBalanceToBuy(balance, balanceDetails, reaisToCents(view.price))}
              </p>
            )}
          </div>
          <Link to={paths.addBalance} className="button button--accent button--small">
            Adicionar Saldo
          </Link>
          <CloseButton onClick={() => dispatch({ type: 'closeWarning' })} />
        </div>
      )}
      {hint !== 'hidden' && (
        <div
          className={hint === 'fading' ? 'alert closable hint hint--fading' : 'alert closable hint'}
          role="status"
          data-message
          ref={hintBox}
        >
          <p>Para mudar as opções desta página, clique em Editar.</p>
          <CloseButton onClick={closeHint} />
        </div>
      )}
    </div>
  );
}
