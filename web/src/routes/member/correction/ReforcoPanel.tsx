import { Link } from 'react-router';
import { buySetLabel, setPurchaseDone, setTotalText } from '../classSet';
import { SetProgressBar } from '../SetProgressBar';
import { canMakeReforco, reforcoMadeText, reforcoPlanText } from './reforco';
import type { ClassReport } from './report';
import { useReforco } from './useReforco';
import { paths } from '../../../paths';

/**
 * "Reforço" under the report: one click makes a new set for the same children, each version practising that child's
 * mistakes; then it is bought as any set and its file downloads (useReforco.ts). Not printed with the report.
 */
export function ReforcoPanel({ code, report }: { code: string; report: ClassReport }) {
  const { step, error, make, purchase } = useReforco(code, report);
  if (!canMakeReforco(report)) return null;
  return (
    <section className="report-section report-reforco" aria-labelledby="report-reforco-title">
      <h2 id="report-reforco-title">Reforço</h2>
      <p>
        Um novo conjunto com uma folha para cada aluno: duas em cada três contas são das que o erro
        sistemático do aluno muda o resultado; as outras, das mesmas opções.
      </p>
      <p className="report-reforco__plan">{reforcoPlanText(report)}</p>
      {(step.kind === 'idle' || step.kind === 'making') && (
        <button
          type="button"
          className="button"
          onClick={() => void make()}
          disabled={step.kind === 'making'}
          aria-busy={step.kind === 'making'}
        >
          {step.kind === 'making' ? 'Gerando o reforço…' : 'Gerar folhas de reforço'}
        </button>
      )}
      {(step.kind === 'made' || step.kind === 'buying') && (
        <div className="report-reforco__made">
          <p role="status">
            {reforcoMadeText(step.versions)} {setTotalText(step.versions)}.
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void purchase(step)}
            disabled={step.kind === 'buying'}
            aria-busy={step.kind === 'buying'}
          >
            {buySetLabel(step.versions)}
          </button>
          {step.kind === 'buying' && <SetProgressBar progress={step.progress} />}
        </div>
      )}
      {step.kind === 'bought' && (
        <p role="status" className="alert alert--success">
          {setPurchaseDone(step.versions)} <Link to={paths.myPurchases}>Abrir Minhas Compras</Link>
        </p>
      )}
      {error && (
        <p role="alert" className="alert alert--error">
          {error.text} {error.needsBalance && <Link to={paths.addBalance}>Adicionar Saldo</Link>}
        </p>
      )}
    </section>
  );
}
