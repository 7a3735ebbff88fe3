import { Link } from 'react-router';
import { paths } from '../../../paths';

/**
 * The privacy policy on "Minhas Turmas": the children's names a teacher types (LGPD art. 14), what is kept of them,
 * who sees them, where they never go, and how they are exported and deleted.
 */
export function StudentNames() {
  return (
    <>
      <h3>Nomes dos alunos em Minhas Turmas (art. 14 da LGPD)</h3>
      <p>
        Em <Link to={paths.turmas}>Minhas Turmas</Link> você pode cadastrar as suas turmas com os nomes dos
        seus alunos. Como são dados de crianças e adolescentes, tratamos esses nomes com o cuidado que o art.
        14 da LGPD exige, sempre no melhor interesse deles:
      </p>
      <ul>
        <li>
          Guardamos apenas o nome da turma e os nomes que você digita ou cola, na ordem da turma. Não pedimos
          sobrenome completo, data de nascimento, foto, escola nem nenhum outro dado dos alunos.
        </li>
        <li>
          Sugerimos usar o primeiro nome e a inicial do sobrenome (por exemplo, Ana S.): basta para reconhecer
          cada criança e protege os dados dela.
        </li>
        <li>
          Os nomes ficam visíveis só para a sua conta e não são compartilhados com ninguém. Nunca aparecem nos
          registros do sistema (logs) nem nos eventos trocados entre os nossos serviços, que usam apenas
          identificadores.
        </li>
        <li>
          Os nomes entram no arquivo de “Baixar meus dados”, em <Link to={paths.myData}>Meus Dados</Link>.
        </li>
        <li>
          Os nomes dos alunos de uma turma são apagados quando você apaga a turma, e todas as suas turmas são
          apagadas quando você exclui a sua conta.
        </li>
        <li>
          Num conjunto gerado para uma turma, cada folha traz impresso o nome do aluno e o da turma. Os
          arquivos desse conjunto também são apagados quando você apaga a turma ou exclui a sua conta; baixado
          de novo depois disso, o conjunto vem com as linhas de nome em branco.
        </li>
        <li>
          As respostas que você digita na Correção rápida ficam guardadas só para a sua conta, entram em
          “Baixar meus dados” e são apagadas quando você exclui a sua conta.
        </li>
        <li>
          Uma folha de reforço guarda, junto com a página, só os erros sistemáticos que ela pratica e o
          identificador do aluno, nunca o nome; sem a turma, esses erros não se ligam a nenhuma criança. Eles
          entram em “Baixar meus dados”, com as opções de cada página comprada.
        </li>
      </ul>
    </>
  );
}
