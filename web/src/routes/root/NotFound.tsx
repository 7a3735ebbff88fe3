import { Msg } from '@app/contracts/messages';
import { ProblemPage } from '../../components/ProblemPage';

export function NotFound({ detail }: { detail?: string }) {
  return <ProblemPage art="404" title="Página não encontrada" text={Msg.notFoundText} detail={detail} />;
}
