import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { paths } from '../../../paths';
import { CompanyIdentity, SupportChannels, UpdatedAt } from './shared';
import { StudentNames } from './StudentNames';

/** The privacy policy (LGPD, Lei nº 13.709/2018): what is stored, why, for how long, with whom, and the user's rights. */
export default function Privacy() {
  return (
    <Page title="Política de Privacidade" className="legal">
      <WhoAndWhichData />
      <StudentNames />
      <UsesAndRetention />
      <SharingAndSecurity />
      <RightsAndChanges />
    </Page>
  );
}

/** Who controls the data, and which data are kept. */
function WhoAndWhichData() {
  return (
    <>
      <UpdatedAt />
      <p className="lead">
        Esta política explica quais dados pessoais tratamos quando você usa o site, por que os tratamos, por
        quanto tempo os guardamos, com quem os compartilhamos e como você exerce os seus direitos, conforme a
        Lei Geral de Proteção de Dados Pessoais (LGPD, Lei nº 13.709/2018).
      </p>

      <h2>1. Quem é o controlador e como falar conosco</h2>
      <p>
        O controlador dos seus dados pessoais é <CompanyIdentity />, responsável por este site. Para qualquer
        assunto sobre privacidade e proteção de dados, inclusive para falar com o encarregado (DPO), use os
        canais abaixo:
      </p>
      <SupportChannels />

      <h2>2. Quais dados tratamos</h2>
      <ul>
        <li>
          <strong>Dados da conta:</strong> nome completo e email. Se você se cadastra com email e senha,
          guardamos apenas o resumo criptográfico (hash) da senha, nunca a senha em si. Se entra com o Google,
          guardamos o identificador da sua conta Google, o nome e o email que o Google nos informa.
        </li>
        <li>
          <strong>Saldo e movimentações:</strong> o registro de cada recarga, compra de página e eventual
          estorno, com valores e datas, que forma o seu saldo.
        </li>
        <li>
          <strong>Pagamentos:</strong> os pagamentos são feitos no ambiente do Mercado Pago. Recebemos do
          Mercado Pago o identificador, o valor, a situação (aprovado, pendente, recusado) e a data do
          pagamento. Não recebemos nem guardamos números de cartão ou dados bancários.
        </li>
        <li>
          <strong>Páginas geradas:</strong> as opções escolhidas (operações, nível, gabarito), o código de
          cada página e os arquivos de prévia e PDF, para que você possa baixar de novo o que comprou em
          Minhas Compras.
        </li>
        <li>
          <strong>Turmas:</strong> o nome de cada turma que você cadastra em Minhas Turmas e os nomes dos
          alunos que você digita nela (veja abaixo).
        </li>
        <li>
          <strong>Registros de acesso:</strong> endereço IP, data e hora das requisições, páginas e ações
          acessadas e informações técnicas do navegador, usados para segurança e diagnóstico.
        </li>
        <li>
          <strong>Mensagens de suporte:</strong> o conteúdo do que você nos escreve e os dados de contato que
          usar.
        </li>
      </ul>
      <p>
        Não tratamos dados pessoais sensíveis. A conta é sempre de um adulto responsável; de crianças,
        guardamos apenas os nomes de alunos que você mesmo cadastra em Minhas Turmas, como explicado a seguir.
      </p>
    </>
  );
}

/** What the data are for (and on which legal basis), and for how long they are kept. */
function UsesAndRetention() {
  return (
    <>
      <h2>3. Para que usamos os dados e com qual base legal</h2>
      <ul>
        <li>
          <strong>
            Criar e manter a sua conta, gerar e vender as páginas, manter o seu saldo e enviar emails de
            serviço
          </strong>{' '}
          (ativação da conta, recuperação de senha, confirmações): execução do contrato com você (art. 7º, V,
          da LGPD).
        </li>
        <li>
          <strong>Guardar as suas turmas e os nomes dos alunos</strong>, para você usá-los nas suas folhas:
          execução do contrato com você (art. 7º, V), no melhor interesse das crianças e dos adolescentes
          (art. 14).
        </li>
        <li>
          <strong>Guardar os registros de pagamentos e movimentações do saldo:</strong> cumprimento de
          obrigações legais e regulatórias, inclusive fiscais e de defesa do consumidor (art. 7º, II), e
          exercício regular de direitos (art. 7º, VI).
        </li>
        <li>
          <strong>Guardar os registros de acesso:</strong> cumprimento de obrigação legal do Marco Civil da
          Internet (Lei nº 12.965/2014, art. 15) (art. 7º, II).
        </li>
        <li>
          <strong>Proteger o site e as contas</strong> (prevenção de fraudes, limites de tentativas de login,
          diagnóstico de falhas): legítimo interesse (art. 7º, IX), sempre respeitando os seus direitos.
        </li>
      </ul>
      <p>Não vendemos os seus dados, não os usamos para publicidade e não fazemos perfis de comportamento.</p>

      <h2>4. Por quanto tempo guardamos</h2>
      <ul>
        <li>Dados da conta e páginas geradas: enquanto a sua conta existir.</li>
        <li>
          Turmas e nomes dos alunos: enquanto a turma existir; são apagados quando você apaga a turma ou
          exclui a sua conta.
        </li>
        <li>
          Registros de pagamentos e do saldo: pelo prazo exigido pela legislação fiscal e de defesa do
          consumidor (em geral, 5 anos após a operação), mesmo depois da exclusão da conta.
        </li>
        <li>Registros de acesso: 6 meses, como exige o Marco Civil da Internet.</li>
        <li>
          Cópias de segurança do banco de dados: até 30 dias. Um dado apagado ou anonimizado some das cópias
          quando a mais antiga que o contém é descartada; nunca restauramos uma cópia para recuperar um dado
          que você pediu para apagar.
        </li>
        <li>
          Mensagens de suporte: pelo tempo necessário para atender o pedido e por até 5 anos para defesa de
          direitos.
        </li>
      </ul>
      <p>
        Quando a sua conta é excluída, apagamos ou anonimizamos os dados que não precisamos mais guardar por
        lei.
      </p>
    </>
  );
}

/** With whom the data are shared, cookies and local storage, security. */
function SharingAndSecurity() {
  return (
    <>
      <h2>5. Com quem compartilhamos</h2>
      <p>Compartilhamos dados apenas com os operadores necessários para prestar o serviço:</p>
      <ul>
        <li>
          <strong>Mercado Pago</strong> (processamento das recargas de saldo): recebe o valor e a referência
          da recarga; os dados de pagamento que você informa lá seguem a política de privacidade do Mercado
          Pago.
        </li>
        <li>
          <strong>Google</strong> (somente se você escolher entrar com o Google): confirma a sua identidade e
          nos informa nome e email.
        </li>
        <li>
          <strong>Provedor de envio de emails:</strong> recebe o seu email e o conteúdo das mensagens de
          serviço.
        </li>
        <li>
          <strong>Provedor de hospedagem e banco de dados:</strong> armazena os dados e executa o site em
          nosso nome.
        </li>
        <li>
          <strong>Autoridades públicas:</strong> quando houver obrigação legal ou ordem judicial.
        </li>
      </ul>
      <p>
        Alguns desses fornecedores podem tratar dados fora do Brasil; nesses casos exigimos garantias
        adequadas de proteção, conforme os arts. 33 a 36 da LGPD.
      </p>

      <h2>6. Cookies e armazenamento local</h2>
      <p>
        Não usamos cookies de publicidade nem de rastreamento. O site guarda no armazenamento local do seu
        navegador (localStorage) apenas o que precisa para funcionar: o token da sua sessão, o seu email e o
        seu nome (para manter você conectado e cumprimentá-lo no cabeçalho) e a indicação de que você já
        baixou uma amostra grátis. Esses dados são apagados quando você sai (Sair). Ao pagar com o Mercado
        Pago ou entrar com o Google, os sites deles podem usar cookies próprios, regidos pelas políticas
        deles.
      </p>

      <h2>7. Segurança</h2>
      <p>
        Usamos conexão criptografada (HTTPS), senhas guardadas apenas como hash, acesso restrito aos dados e
        registros de atividade. Se ocorrer um incidente de segurança que possa causar risco ou dano relevante,
        avisaremos você e a ANPD, como determina a LGPD.
      </p>
    </>
  );
}

/** The user's rights under the LGPD, and changes to this policy. */
function RightsAndChanges() {
  return (
    <>
      <h2>8. Os seus direitos (art. 18 da LGPD)</h2>
      <p>Você pode, a qualquer momento e sem custo:</p>
      <ul>
        <li>confirmar se tratamos os seus dados e acessá-los;</li>
        <li>corrigir dados incompletos, inexatos ou desatualizados;</li>
        <li>
          pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
          desconformidade com a lei;
        </li>
        <li>pedir a portabilidade dos seus dados a outro fornecedor;</li>
        <li>pedir a eliminação dos dados tratados com o seu consentimento e revogar esse consentimento;</li>
        <li>saber com quais entidades públicas e privadas compartilhamos os seus dados;</li>
        <li>ser informado sobre a possibilidade de não fornecer consentimento e as consequências disso;</li>
        <li>opor-se a um tratamento feito em desacordo com a lei.</li>
      </ul>
      <h3>Como exercer os seus direitos</h3>
      <p>
        Na sua área, em <Link to={paths.myData}>Meus Dados</Link>, você corrige o seu nome, exporta uma cópia
        dos seus dados e pode pedir a exclusão da sua conta. Para qualquer outro pedido, escreva para os
        nossos canais de suporte; responderemos em até 15 dias. Se você entender que os seus direitos não
        foram atendidos, pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD), em{' '}
        <a href="https://www.gov.br/anpd" target="_blank" rel="noopener noreferrer">
          www.gov.br/anpd
        </a>
        .
      </p>

      <h2>9. Mudanças nesta política</h2>
      <p>
        Podemos atualizar esta política para refletir mudanças no serviço ou na lei. A data da última
        atualização fica no topo desta página; mudanças relevantes serão avisadas no site ou por email antes
        de entrarem em vigor.
      </p>
      <p>
        Veja também os <Link to={paths.terms}>Termos de Uso</Link>.
      </p>
    </>
  );
}
