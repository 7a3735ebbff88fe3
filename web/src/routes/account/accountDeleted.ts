/** The query with which the login page says that the member's account was just deleted (Meus Dados sends it). */
export const ACCOUNT_DELETED_QUERY = { conta: 'excluida' } as const;
