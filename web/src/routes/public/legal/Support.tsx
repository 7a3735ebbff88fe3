import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { paths } from '../../../paths';
import { SupportChannels, useLegalCompany } from './shared';

/** How to reach the people behind the site, and answers to what they are asked most. */
export default function Support() {
  const company = useLegalCompany();
  return (
    <Page title="Suporte" className="legal">
      <p className="lead">
        Ficou com alguma dúvida ou teve um problema com uma folha, um pagamento ou a sua conta? Fale com a
        equipe de {company.name}. Respondemos em dias úteis, por ordem de chegada.
      </p>

      <h2>Canais de atendimento</h2>
      <SupportChannels linkSupportPage={false} />
      <p>
        Ao escrever, informe o email da sua conta e, se for sobre um pagamento, a data e o valor da recarga.
      </p>

      <h2>Perguntas frequentes</h2>
      <h3>Paguei, mas o saldo não aumentou.</h3>
      <p>
        Pagamentos com cartão costumam ser confirmados na hora. Pix e boleto podem levar algum tempo: assim
        que o Mercado Pago confirmar, o saldo é atualizado sozinho, sem você precisar fazer nada. Se passar de
        um dia útil, fale conosco.
      </p>
      <h3>Onde estão as folhas que comprei?</h3>
      <p>
        Em <Link to={paths.myPurchases}>Minhas Compras</Link>. Clique em uma folha para baixar o PDF de novo,
        quantas vezes quiser.
      </p>
      <h3>Esqueci a minha senha.</h3>
      <p>
        Use <Link to={paths.forgotPassword}>Esqueci minha senha</Link> para receber por email um link para
        criar uma nova.
      </p>
      <h3>Quero uma cópia dos meus dados ou excluir a minha conta.</h3>
      <p>
        Veja como na <Link to={paths.privacy}>Política de Privacidade</Link>: você pode fazer isso em Meus
        Dados ou pedir pelos canais acima.
      </p>
      <p>
        Leia também os <Link to={paths.terms}>Termos de Uso</Link>.
      </p>
    </Page>
  );
}
