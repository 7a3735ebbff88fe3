import { NOT_FOUND_TEXT } from '@app/contracts/platform-messages';
import { ProblemPage } from '../../components/ProblemPage';

export function NotFound({ detail }: { detail?: string }) {
  return <ProblemPage art="404" title="Página não encontrada" text={NOT_FOUND_TEXT} detail={detail} />;
}
