import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import { paths } from '../../../paths';
import { CompanyIdentity, SupportChannels, TERMS_UPDATED_AT, UpdatedAt } from './shared';

/**
 * The terms of use: the service (Personalizar too), its prices (class sets too) and prepaid balance, refunds,
 * acceptable use, liability, jurisdiction.
 */
export default function Terms() {
  return (
    <Page title="Termos de Uso" className="legal">
      <ServiceAndMoney />
      <UseAndLaw />
    </Page>
  );
}

/** The service, the account, prices, the prepaid balance and refunds. */
function ServiceAndMoney() {
  return (
    <>
      <UpdatedAt at={TERMS_UPDATED_AT} />
      <p className="lead">
        Estes termos regem o uso deste site, oferecido por <CompanyIdentity />. Ao criar uma conta ou usar o
        site, você concorda com eles e com a <Link to={paths.privacy}>Política de Privacidade</Link>.
      </p>

      <h2>1. O serviço</h2>
      <p>
        O site permite montar folhas de exercícios de aritmética (adição, subtração, multiplicação e divisão,
        em três níveis de dificuldade), ver uma prévia de cada folha, comprá-la e baixá-la em PDF para
        imprimir. Visitantes podem baixar gratuitamente 12 folhas de amostra. As folhas compradas ficam
        disponíveis para novo download em Minhas Compras enquanto a sua conta existir.
      </p>
      <p>
        Em Personalizar, em vez de seguir um dos três níveis, você escolhe como a folha é montada: as
        tabuadas, as contas com ou sem reserva, o formato, a quantidade de contas e a letra grande, entre
        outras opções. Uma folha personalizada custa o mesmo que as demais.
      </p>

      <h2>2. Conta</h2>
      <p>
        Para comprar folhas é preciso ter uma conta, criada com nome, email e senha ou com uma conta Google. A
        conta é pessoal, deve ser criada por um adulto e os dados informados devem ser verdadeiros. Você é
        responsável por manter a sua senha em sigilo e pelo que for feito com a sua conta.
      </p>

      <h2>3. Preços e saldo pré-pago</h2>
      <ul>
        <li>
          Cada folha gerada custa <span className="money">R$ 0,50</span>, debitados do seu saldo no momento da
          compra. Gerar a prévia não custa nada; comprar a mesma folha duas vezes cobra uma só vez.
        </li>
        <li>
          Em “Quantas versões?” você escolhe de 1 a 40 versões da mesma folha: uma folha diferente para cada
          aluno, com problemas diferentes. Cada versão custa <span className="money">R$ 0,50</span> (30
          versões: <span className="money">R$ 15,00</span>), e o conjunto é uma só compra, baixada em um único
          PDF. O seu saldo precisa cobrir o valor total, que fica reservado ao comprar e é debitado de uma só
          vez, em uma única linha do Extrato, quando o arquivo fica pronto. Se o conjunto não puder ser
          gerado, a reserva é liberada e nada é cobrado.
        </li>
        <li>
          O saldo é pré-pago: você adiciona de <span className="money">R$ 5,00</span> a{' '}
          <span className="money">R$ 20,00</span> por recarga, em reais inteiros, pelo Mercado Pago (cartão,
          Pix ou outro meio oferecido por ele). O valor entra no saldo depois que o Mercado Pago confirma o
          pagamento; Pix e boleto podem levar algum tempo para serem confirmados.
        </li>
        <li>
          O saldo é usado apenas para comprar folhas neste site, não rende juros e não pode ser transferido.
        </li>
        <li>
          Os preços podem mudar; uma mudança nunca afeta compras já feitas e será informada no site antes de
          valer.
        </li>
      </ul>

      <h2>4. Reembolsos</h2>
      <p>
        O saldo já usado em folhas compradas não é reembolsado, porque a folha é entregue na hora, em formato
        digital. Isso não limita os seus direitos previstos em lei: em especial, pelo direito de
        arrependimento do Código de Defesa do Consumidor (art. 49), você pode pedir, em até 7 dias da recarga,
        a devolução do valor da recarga que ainda não foi usado. Cobranças indevidas ou falhas do serviço
        também são corrigidas ou devolvidas. Peça pelos canais de suporte abaixo.
      </p>
    </>
  );
}

/** Permitted use, liability, changes, governing law and contact. */
function UseAndLaw() {
  return (
    <>
      <h2>5. Uso permitido</h2>
      <p>
        As folhas compradas podem ser impressas e copiadas para uso pessoal, familiar ou em sala de aula. Não
        é permitido revender as folhas ou o acesso ao site, tentar burlar pagamentos ou limites, acessar
        contas de outras pessoas, automatizar o uso de forma que sobrecarregue o site, nem usar o site para
        qualquer fim ilegal. Contas que violem estes termos podem ser suspensas, sem prejuízo do saldo não
        usado que a lei garanta.
      </p>

      <h2>6. Responsabilidade</h2>
      <p>
        Trabalhamos para que o site fique disponível e que as folhas estejam corretas, mas podem ocorrer
        interrupções para manutenção ou por falhas de terceiros (hospedagem, Mercado Pago, Google). Se uma
        folha comprada vier com erro, fale conosco: corrigimos ou devolvemos o valor ao seu saldo. Não
        respondemos por danos causados por uso indevido da conta por terceiros a quem você tenha dado acesso,
        nem por falhas de equipamentos ou conexões que não controlamos, nos limites permitidos pela legislação
        de defesa do consumidor.
      </p>

      <h2>7. Mudanças nestes termos</h2>
      <p>
        Podemos atualizar estes termos. A data da última atualização fica no topo desta página e mudanças
        relevantes serão avisadas no site ou por email antes de valerem. Se você não concordar, pode deixar de
        usar o site e pedir a exclusão da sua conta.
      </p>

      <h2>8. Lei aplicável e foro</h2>
      <p>
        Estes termos seguem as leis da República Federativa do Brasil. Fica eleito o foro do domicílio do
        consumidor para resolver qualquer questão relacionada a eles.
      </p>

      <h2>9. Contato</h2>
      <SupportChannels />
    </>
  );
}
