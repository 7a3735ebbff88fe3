import { NOT_FOUND_TEXT } from './platform-messages.js';

export { NOT_FOUND_TEXT, PlatformMessages } from './platform-messages.js';

/** The pt-BR texts the product shows and sends, word for word, in one place. Server and web both use these. */
export const Msg = {
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Email inválido',
  passwordRequired: 'Senha é obrigatória',
  passwordMin: 'Senha deve ter pelo menos 6 caracteres',
  fullnameRequired: 'Nome completo é obrigatório',
  fullnameMin: 'Nome deve ter pelo menos 6 caracteres',
  confirmationRequired: 'Confirmação de senha é obrigatória',
  passwordsDiffer: 'As senhas não coincidem',
  newPasswordRecoveryMin: 'A senha deve ter no mínimo 6 caracteres',
  profileNameRequired: 'Nome é obrigatório',
  profileNameMin: 'Nome deve ter pelo menos 3 caracteres',
  oldPasswordRequired: 'Senha atual é obrigatória',
  newPasswordRequired: 'Nova senha é obrigatória',
  newPasswordMin: 'A nova senha deve ter pelo menos 6 caracteres',

  loginFailed: 'Email ou senha inválidos.',
  googleFailed: 'Erro ao autenticar com o Google.',
  signupFailed: 'Erro ao processar o cadastro',
  signupSuccess: (email: string) =>
    `Um email com um link de confirmação foi enviado para ${email}. Por favor, verifique sua caixa de entrada e clique no link para ativar sua conta.`,
  activationMissing: 'Código de ativação não fornecido. Verifique o link enviado por e-mail.',
  activationFailed: 'Erro na ativação da conta.',
  activationThrown: 'Ocorreu um erro ao ativar a conta.',
  activationSuccess: 'Conta ativada com sucesso!',
  activationRedirect: 'Você será redirecionado para a página de exercícios em breve.',
  recoveryFailed: 'Erro ao enviar email.',
  recoverySent: 'Um email foi enviado com o código de recuperação.',
  newPasswordFailed: 'Erro ao alterar senha.',
  newPasswordSuccess: 'Sua senha foi alterada com sucesso!',
  recoveryLinkInvalid: 'O link de recuperação é inválido ou expirou',
  recoveryLinkHint: 'Por favor, solicite um novo link de recuperação de senha.',
  recoveryTokenInvalid: 'Código inválido ou expirado',
  profileUpdated: 'Dados atualizados com sucesso!',
  profileFailed: 'Erro ao atualizar dados. Tente novamente.',
  changePasswordFailed: 'Erro ao alterar a senha.',
  changePasswordSuccess: 'Senha alterada com sucesso!',
  insufficientBalance: 'Saldo insuficiente para comprar esta página',
  /** The builder's warning for a class set (the spec's text names one page). */
  insufficientBalanceForSet: (versions: number) =>
    `Saldo insuficiente para comprar estas ${versions} versões`,
  fileNotFound: 'Arquivo não encontrado.',
  fileDownloadFailed: 'Erro ao baixar arquivo.',
  notFoundText: NOT_FOUND_TEXT,
  adminPasswordSuccess: 'Senha alterada com sucesso!',
  adminPasswordFailed: 'Erro ao alterar senha.',
  testEmailSending: 'Enviando email de teste...',
  emailSettingsSaved: 'Configurações salvas com sucesso!',

  // Server-side texts no screen shows word for word; written once here.
  accountNotActivated: 'Sua conta ainda não foi ativada. Verifique seu email e clique no link de ativação.',
  loginRateLimited: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  /** Sign-ups from one address past SIGN_UPS_PER_ADDRESS_PER_HOUR. */
  signUpsFromAddressRateLimited:
    'Muitos cadastros feitos a partir desta rede na última hora. Aguarde um pouco e tente novamente.',
  activationInvalid: 'Este link de ativação é inválido, expirou ou já foi usado.',
  currentPasswordWrong: 'A senha atual está incorreta.',
  testEmailSent: (email: string) => `Email de teste enviado para ${email}.`,
  testEmailFailed: 'Não foi possível enviar o email de teste: o servidor de email não respondeu.',
  selectOperation: 'Selecione pelo menos uma operação.',
  // Class sets: N versions of a page bought together.
  setVersionsRange: 'Escolha de 1 a 40 versões.',
  setNotFound: 'Conjunto não encontrado.',
  setNotBought: 'Compre este conjunto para baixá-lo.',
  setRendering: 'O conjunto ainda está sendo gerado. Tente novamente em instantes.',
  /** An account prints one class set at a time (its price is held until the file is made). */
  setAlreadyPrinting: 'Você já tem um conjunto sendo impresso. Aguarde ele ficar pronto para comprar outro.',
  /** The options draw too few different pages for that many versions (no two versions share their problems). */
  pageCannotBeDrawn:
    'Não foi possível montar uma página com estas opções. Mude alguma opção e tente de novo; nada foi cobrado.',
  setVersionsNotDistinct: (versions: number) =>
    `Com estas opções não dá para fazer ${versions} versões diferentes. Escolha menos versões ou mais variedade de contas.`,
  savedSheetNameRequired: 'Dê um nome a esta folha (uma linha de texto).',
  savedSheetNameTooLong: 'O nome pode ter até 40 caracteres.',
  savedSheetsFull: 'Você já tem 50 folhas salvas. Apague uma para salvar outra.',
  savedSheetNotFound: 'Esta folha salva não existe mais.',
  // Turmas ("Minhas turmas").
  turmaNameRequired: 'Dê um nome à turma (por exemplo, 3º ano B).',
  turmaNameTooLong: 'O nome da turma pode ter até 40 caracteres.',
  turmaStudentsRequired: 'Cole ou digite os nomes dos alunos, um por linha.',
  turmaStudentsTooMany: 'Uma turma pode ter até 40 alunos.',
  studentNameRequired: 'O nome do aluno não pode ficar em branco.',
  studentNameTooLong: 'Cada nome pode ter até 40 caracteres. Use o primeiro nome e a inicial do sobrenome.',
  studentNameRepeated: (name: string) =>
    `O nome ${name} aparece duas vezes. Acrescente a inicial do sobrenome para distinguir os alunos.`,
  turmasFull: 'Você já tem 30 turmas. Apague uma para criar outra.',
  turmaNameTaken: 'Você já tem uma turma com este nome.',
  turmaNotFound: 'Esta turma não existe mais.',
  turmaTooSmallForSet: 'Para um conjunto com os nomes, a turma precisa de pelo menos 2 alunos.',
  turmaChangedForSet: (students: number) =>
    `A turma agora tem ${students} alunos. Gere o conjunto de novo para ter uma folha para cada um.`,
  // Correção rápida.
  correctionNotFound: 'Só dá para corrigir uma folha ou um conjunto que você comprou. Confira o código.',
  typedAnswerInvalid: 'Digite só números inteiros (para deixar em branco, digite -).',
  correctionCellOutOfSheet: 'Esta resposta não corresponde a nenhuma conta da folha.',
  // Reforço.
  reforcoVersions: (versions: number) =>
    `O reforço é feito para as ${versions} versões do conjunto corrigido: atualize a correção e tente de novo.`,
  recentSignInRequired:
    'Por segurança, entre novamente para alterar a senha: sua última entrada foi há mais de 10 minutos.',
  nameInvalidCharacters: 'O nome contém caracteres não permitidos (caracteres de controle ou invisíveis).',
  invalidAmount: 'Escolha um valor inteiro entre R$ 5,00 e R$ 20,00.',
  // Billing (top-up through Mercado Pago).
  topUpItemTitle: 'Saldo para exercícios de aritmética',
  preferenceFailed: 'Não foi possível iniciar o pagamento no Mercado Pago. Tente novamente em instantes.',
  paymentCredited: 'Pagamento aprovado! Seu saldo foi atualizado.',
  paymentAlreadyCredited: 'Este pagamento já foi creditado no seu saldo.',
  paymentPending:
    'Seu pagamento ainda está em processamento. O saldo será atualizado automaticamente assim que for confirmado.',
  paymentRejected: 'O pagamento não foi aprovado pelo Mercado Pago. Nenhum valor foi creditado.',
  paymentNotFound: 'Pagamento não encontrado para esta conta. Nenhum valor foi creditado.',
  paymentMismatch: 'Os dados do pagamento não conferem com a recarga solicitada. Nenhum valor foi creditado.',
  paymentProviderUnavailable:
    'Não foi possível consultar o Mercado Pago agora. Tente novamente em instantes.',
  // What the builder says after the payer comes back from Mercado Pago (/pagamento-sucesso), by outcome.
  paymentOutcomeApproved: (amount: string) => `Pagamento aprovado! ${amount} foram adicionados ao seu saldo.`,
  paymentOutcomePending:
    'Recebemos seu pagamento e ele está sendo processado. Seu saldo será atualizado automaticamente assim que for confirmado.',
  paymentOutcomeRejected: 'O pagamento não foi aprovado. Nenhum valor foi adicionado ao seu saldo.',
  paymentOutcomeUnknown:
    'Não foi possível confirmar seu pagamento agora. Se ele for aprovado, seu saldo será atualizado automaticamente.',
  webhookSignatureInvalid: 'Assinatura da notificação inválida.',
  webhookReceived: 'Notificação recebida.',
  pageNotFound: 'Página não encontrada.',
  pageNotBought: 'Compre esta página para baixá-la.',
  answersNotFound: 'Não há respostas para este código. Confira o código impresso na folha.',
  // The QR code is on the student's sheet, so its answers open only for the account that bought it.
  answersBuyerOnly:
    'As respostas desta folha só aparecem para quem a comprou. Entre com a conta que comprou esta folha para vê-las.',
  answersSignIn: 'Entrar com a conta que comprou',
  pageRendering: 'A página ainda está sendo gerada. Tente novamente em instantes.',
  // One account's burst of pages does not slow everyone's previews.
  tooManyPages: 'Você gerou muitas páginas em pouco tempo. Aguarde um minuto e tente novamente.',
  previewsStillWaiting:
    'Aguarde as prévias das páginas que você já gerou ficarem prontas antes de gerar outra.',
  // LGPD: the member's statement (Extrato), data export and account deletion.
  statementTopUp: 'Recarga via Mercado Pago',
  statementPurchase: (item: string) => `Compra: ${item}`,
  statementEmpty: 'Nenhuma movimentação ainda. Suas recargas e compras aparecerão aqui.',
  statementFailed: 'Não foi possível carregar o extrato. Tente novamente em instantes.',
  statementOlderOmitted: (count: number) => `Mostrando as ${count} movimentações mais recentes.`,
  myDataExportTitle: 'Exportar meus dados',
  myDataExportIntro:
    'Baixe um arquivo JSON com tudo o que guardamos sobre você: seus dados de cadastro, suas compras, seu extrato e seus pagamentos.',
  myDataExportButton: 'Baixar meus dados',
  myDataExporting: 'Preparando arquivo...',
  myDataExported: 'Arquivo baixado.',
  myDataExportFailed: 'Não foi possível exportar seus dados agora. Tente novamente em instantes.',
  deleteAccountTitle: 'Excluir minha conta',
  deleteAccountIntro: 'Você pode excluir sua conta e seus dados pessoais a qualquer momento.',
  deleteAccountOpen: 'Excluir minha conta',
  deleteAccountDialogTitle: 'Excluir sua conta?',
  /** What deleting the account does; an account without a password (made with Google) is not told of one. */
  deleteAccountConsequences: (hasPassword: boolean) => [
    'O saldo que restar na sua conta será perdido.',
    'As páginas que você comprou não poderão mais ser baixadas.',
    `${hasPassword ? 'Seu nome, seu email e sua senha serão apagados' : 'Seu nome e seu email serão apagados'}, e você sairá de todos os dispositivos. O email fica livre para um novo cadastro.`,
    'Os registros que a lei nos obriga a guardar (movimentações de saldo e pagamentos) serão mantidos, sem seus dados pessoais.',
    // What becomes of a top-up still waiting for Mercado Pago.
    'Se houver uma recarga ainda aguardando confirmação (Pix ou boleto), ela não entrará no saldo: quando o Mercado Pago aprovar o pagamento, o valor será devolvido automaticamente a quem pagou.',
  ],
  deleteAccountIrreversible: 'Esta ação não pode ser desfeita.',
  deleteAccountPasswordLabel: 'Digite sua senha para confirmar',
  deleteAccountGoogleHint: 'Sua conta foi criada com o Google. Para confirmar, entre com o Google novamente.',
  deleteAccountGoogleConfirmed: 'Google confirmado. Clique em excluir para concluir.',
  deleteAccountConfirm: 'Excluir definitivamente',
  deleteAccountCancel: 'Cancelar',
  deleteAccountDeleting: 'Excluindo...',
  deleteAccountPasswordMissing: 'Digite sua senha para confirmar.',
  deleteAccountWrongPassword: 'Senha incorreta. Sua conta não foi excluída.',
  deleteAccountGoogleFailed:
    'Não foi possível confirmar com o Google. Entre novamente com a mesma conta Google desta conta.',
  deleteAccountConfirmationMissing: 'Confirme com sua senha ou entrando com o Google.',
  deleteAccountAdminRefused: 'A conta de administrador não pode ser excluída.',
  deleteAccountFailed: 'Não foi possível excluir sua conta agora. Tente novamente em instantes.',
  accountDeleted: 'Sua conta foi excluída e seus dados pessoais foram apagados.',
  deletedAccountName: 'Conta excluída',
  // What the screens say around money and pages, and the legal links.
  pageGenerationFailed:
    'Não foi possível gerar a página agora. Verifique sua conexão com a internet e tente novamente em instantes.',
  paymentTryAgain: 'Tentar novamente',
  signInForMoreExercises:
    'Para gerar mais exercícios, entre na sua conta ou cadastre-se gratuitamente. Depois de entrar, você vai direto para o gerador de exercícios.',
  // The member's screen tells the truth (live balance, the way back in, the buttons in view).
  statementPendingTopUp: 'Recarga via Mercado Pago (aguardando confirmação)',
  statementPending: 'Pendente',
  statementPendingHint:
    'Recargas pendentes (Pix ou boleto ainda não confirmados) entram no saldo assim que o Mercado Pago confirmar.',
  /** The sidebar under a negative balance: what was reversed, and what the next top-up covers first. */
  balanceNegativeExplained: (reversal: 'refund' | 'chargeback', reversed: string, owed: string) =>
    `Seu saldo ficou negativo porque ${reversal === 'chargeback' ? 'uma contestação (chargeback)' : 'um estorno'} de ${reversed} foi descontado depois que o saldo já tinha sido usado. A próxima recarga cobre primeiro estes ${owed}.`,
  balanceNegativeUnexplained: (owed: string) =>
    `Seu saldo está negativo em ${owed}. A próxima recarga cobre primeiro este valor.`,
  /** The builder's insufficient-balance warning, under its 'Saldo insuficiente' sentence, when the balance is negative. */
  balanceNegativeToBuy: (
    reversal: 'refund' | 'chargeback' | null,
    reversed: string | null,
    owed: string,
    needed: string,
  ) =>
    `Seu saldo está negativo em ${owed}${reversal && reversed ? ` por causa de ${reversal === 'chargeback' ? 'uma contestação (chargeback)' : 'um estorno'} de ${reversed}` : ''}. Para comprar esta página, a recarga precisa cobrir ${needed}.`,
  paymentOutcomeAlreadyAdded: (amount: string) =>
    `Este pagamento de ${amount} já foi adicionado ao seu saldo. Nada mais foi adicionado agora.`,
  resendActivationButton: 'Reenviar e-mail de ativação',
  resendActivationSending: 'Enviando...',
  resendActivationSent:
    'Se houver uma conta não ativada com este email, enviamos um novo link de ativação. Verifique sua caixa de entrada e a pasta de spam.',
  resendActivationFailed:
    'Não foi possível reenviar o email de ativação agora. Tente novamente em instantes.',
  passwordSetupIntro: (email: string) =>
    `Sua conta entra com o Google e ainda não tem senha. Você pode continuar entrando com o Google, ou criar uma senha para entrar também com ${email} e senha: enviaremos um link de confirmação para este email.`,
  passwordSetupButton: 'Enviar link para criar senha',
  passwordSetupSending: 'Enviando...',
  passwordSetupSent: (email: string) =>
    `Enviamos para ${email} um link para criar sua senha. Ele vale por 1 hora e só funciona uma vez.`,
  passwordSetupFailed: 'Não foi possível enviar o link agora. Tente novamente em instantes.',
  passwordSetupRateLimited:
    'Você já pediu vários links na última hora. Verifique sua caixa de entrada e a pasta de spam, ou tente novamente mais tarde.',
  passwordSetupNotNeeded: 'Sua conta já tem senha. Use o formulário de Alterar Senha.',
  passwordNotSetYet:
    'Sua conta entra com o Google e ainda não tem senha. Peça em Alterar Senha um link para criar uma.',
  googleAccountHasPassword: 'Sua conta também entra com o Google.',
  previewEnlarge: 'Ampliar prévia',
  previewDialogTitle: 'Prévia da página',
  previewClose: 'Fechar',
  /** The large preview at print size (the sheet's own letters), and back to the whole sheet. */
  previewZoomIn: 'Aproximar',
  previewZoomOut: 'Ver a página inteira',
  purchaseDone: 'Compra realizada! O download do PDF foi iniciado. A página também está em Minhas Compras.',
  adminReversedLabel: 'Estornados',
  adminReversedHint:
    'recargas creditadas que depois foram reembolsadas ou contestadas (chargeback), no todo ou em parte; também contam em Finalizados',
  auditTopUpReversed: (amount: string, reason: 'refund' | 'chargeback') =>
    `${reason === 'chargeback' ? 'Contestação (chargeback)' : 'Estorno'} de recarga: ${amount}`,
  // No session is taken from a link; a locked-out owner gets in through an emailed link.
  sessionSwitchTitle: 'Trocar de conta?',
  sessionSwitchCurrent: (fullname: string, email: string) =>
    `Você está conectado como ${fullname} (${email}).`,
  sessionSwitchNext: (email: string) => `Este link entra na conta ${email}.`,
  sessionSwitchContinue: (email: string) => `Sair e entrar como ${email}`,
  sessionSwitchKeep: (email: string) => `Continuar como ${email}`,
  /** The account an emailed link is for (activation, sign-in, recovery), its email partly masked before proof. */
  linkAccount: (email: string) => `Conta: ${email}`,
  googleNotStartedHere:
    'Esta entrada com o Google não foi iniciada nesta aba. Por segurança, clique em "Entrar com Google" aqui.',
  signInLinkSent:
    'Por segurança, esta conta recebeu muitas tentativas de acesso com senha errada. Se o email estiver cadastrado, enviamos para ele um link para entrar (vale por 15 minutos e pode ser usado uma única vez).',
  signInLinkInvalid:
    'Este link de acesso é inválido, expirou ou já foi usado. Entre de novo para receber outro.',
  signInLinkMissing: 'Link de acesso não fornecido. Verifique o link enviado por e-mail.',
  auditTopUpRefunded: (amount: string) => `Pagamento devolvido ao pagador (conta excluída): ${amount}`,
  // A link from an email signs in only the browser that asked for it, or whoever types the password.
  activationConfirmPassword: (maskedEmail: string) =>
    `Este link ativa a conta ${maskedEmail}. Ele foi pedido em outro navegador: para confirmar que a conta é sua, digite a senha que você escolheu no cadastro.`,
  activationConfirmButton: 'Ativar minha conta',
  activationPasswordWrong:
    'Senha incorreta. Digite a senha que você escolheu no cadastro. Se você não fez este cadastro, cadastre-se de novo com o seu email: um novo link será enviado e a senha será a sua.',
  signInLinkConfirmPassword: (maskedEmail: string) =>
    `Este link entra na conta ${maskedEmail}. Ele foi pedido em outro navegador: para confirmar que a conta é sua, digite a senha dela.`,
  signInLinkConfirmButton: 'Entrar',
  signInLinkPasswordWrong: 'Senha incorreta. O link continua valendo até expirar.',
  googleEmailTooLong:
    'Não foi possível entrar com esta conta Google: o email dela tem mais de 254 caracteres.',
  googleAdminRefused: 'A conta de administrador entra somente com email e senha.',
  titleInvalidCharacters: 'O título contém caracteres não permitidos (caracteres de controle ou invisíveis).',
  passwordChecksRateLimited:
    'Muitas tentativas com senha errada. Por segurança, aguarde alguns minutos e tente novamente.',
} as const;
