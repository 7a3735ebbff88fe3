/*
 * The texts the SPA's entry chunk needs (the API client's fallbacks, the not-found screen), apart from Msg: a module
 * both the entry and a lazy screen import goes into the entry chunk, so Msg (every screen's texts) lives in
 * messages.ts, which only screens import. messages.ts re-exports these, so `@app/contracts` still has them all.
 */

/**
 * The not-found screen's text, on its own as well: the SPA's entry chunk shows that screen, and importing
 * it alone keeps the whole Msg object (every screen's texts) out of the chunk every page waits for.
 */
export const NOT_FOUND_TEXT = 'A página que você está procurando não existe ou foi removida.';

/** Generic pt-BR messages used by the platform itself (edge and kit), not by one feature. */
export const PlatformMessages = {
  unauthorized: 'Sessão inválida ou expirada. Entre novamente.',
  forbidden: 'Acesso restrito a administradores.',
  notFound: 'Rota não encontrada.',
  internal: 'Erro interno do servidor. Tente novamente mais tarde.',
  unavailable: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  rateLimited: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
  payloadTooLarge: 'Requisição grande demais.',
  invalidJson: 'Corpo da requisição inválido.',
  invalidRequest: 'Dados inválidos.',
  /** A malformed %-escape in the address (`?x=%`): the caller's mistake, answered 400 on every route. */
  invalidAddress: 'Endereço da requisição inválido.',
  /** The request's headers or body did not arrive within the gateway's deadline (408, the connection then closes). */
  requestTimeout: 'A requisição demorou demais para chegar. Tente novamente.',
  /** One client address with too many requests in progress at once at the gateway. */
  tooManyConcurrent: 'Muitas requisições ao mesmo tempo. Aguarde um pouco e tente novamente.',
} as const;
