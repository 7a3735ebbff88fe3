import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isExpired, returnUrl, type MercadoPagoStore, type StoredPreference } from './store.js';

/**
 * Checkout Pro at the preference's init_point: a pt-BR page with the purchase and 'Aprovar pagamento' /
 * 'Recusar pagamento', whose form pays the preference and sends the payer back to its back_urls with Mercado Pago's
 * query parameters.
 */
export function registerCheckoutPage(app: FastifyInstance, store: MercadoPagoStore): void {
  // The checkout page posts an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/checkout/v1/redirect', async (req, reply) => {
    const prefId = (req.query as { pref_id?: string }).pref_id ?? '';
    const preference = store.preference(prefId);
    reply.type('text/html; charset=utf-8');
    if (!preference)
      return reply
        .code(404)
        .send(page('Link de pagamento inválido', '<p>Preferência de pagamento não encontrada.</p>'));
    if (isExpired(preference))
      return reply.code(410).send(page('Link expirado', '<p>Este link de pagamento expirou.</p>'));
    return reply.send(checkoutPage(preference));
  });

  app.post('/checkout/v1/redirect/pay', async (req, reply) => {
    const form = z
      .object({ pref_id: z.string(), outcome: z.enum(['approved', 'rejected']) })
      .safeParse(req.body);
    const preference = form.success ? store.preference(form.data.pref_id) : undefined;
    if (!form.success || !preference || isExpired(preference)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page('Pagamento indisponível', '<p>Não foi possível concluir o pagamento.</p>'));
    }
    const payment = store.pay(preference, form.data.outcome);
    const target = returnUrl(preference, payment);
    return target
      ? reply.redirect(target, 303)
      : reply
          .type('text/html; charset=utf-8')
          .send(page('Pagamento registrado', `<p>Pagamento ${payment.id}: ${payment.status}.</p>`));
  });
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function checkoutPage(p: StoredPreference): string {
  const total = p.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
  const rows = p.items
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.title)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</span><strong>${brl.format(i.unit_price * i.quantity)}</strong></li>`,
    )
    .join('');
  const button = (outcome: string, label: string, cls: string) =>
    `<form method="post" action="/checkout/v1/redirect/pay"><input type="hidden" name="pref_id" value="${escapeHtml(p.id)}">` +
    `<input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    'Pagamento',
    `<p class="note">Ambiente de desenvolvimento: simulação local do Mercado Pago. Nenhum valor real é cobrado.</p>
     <h2>Resumo da compra</h2>
     <ul class="items">${rows}</ul>
     <p class="total"><span>Total</span><strong>${brl.format(total)}</strong></p>
     <div class="actions">${button('approved', 'Aprovar pagamento', 'approve')}${button('rejected', 'Recusar pagamento', 'reject')}</div>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Mercado Pago (simulação)</title>
<style>
  body { margin: 0; font-family: 'DejaVu Sans', Arial, sans-serif; background: #ededed; color: #333; }
  header { background: #ffe600; padding: 16px 24px; font-weight: bold; font-size: 20px; color: #2d3277; }
  main { max-width: 480px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin-top: 0; } h2 { font-size: 16px; color: #666; }
  .note { background: #fff7d6; border: 1px solid #f0d96b; padding: 8px 12px; border-radius: 4px; font-size: 13px; }
  .items { list-style: none; padding: 0; } .items li, .total { display: flex; justify-content: space-between; padding: 8px 0; border-bottom: 1px solid #eee; }
  .total { font-size: 18px; border: 0; }
  .actions { display: flex; flex-direction: column; gap: 12px; margin-top: 16px; }
  .actions form { margin: 0; } button { width: 100%; padding: 14px; font: inherit; font-size: 16px; border-radius: 6px; border: 0; cursor: pointer; }
  .approve { background: #009ee3; color: #fff; } .reject { background: #fff; color: #009ee3; border: 1px solid #009ee3; }
</style></head>
<body><header>mercado pago <small>(simulação local)</small></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
