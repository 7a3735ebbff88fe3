import { Msg, priceCents, type BalanceDetails } from '@app/contracts';
import { formatCents, formatReais, reaisToCents } from '@app/contracts/format';

/**
 * What a negative balance says: what was reversed (the latest refund or chargeback) and how much the next
 * top-up covers first. Without the details yet (still loading), the amount owed alone.
 */
export function negativeBalanceText(balance: number, details: BalanceDetails | null): string {
  const owed = formatReais(-balance);
  const reversal = details?.lastReversal;
  return reversal
    ? Msg.balanceNegativeExplained(reversal.reason, formatCents(reversal.amountCents), owed)
    : Msg.balanceNegativeUnexplained(owed);
}

/**
 * Under the builder's 'Saldo insuficiente…' (its words kept as the product first wrote them): the debt and what a top-up must cover to buy
 * what was generated (a page, or a class set's N × R$ 0,50).
 */
export function negativeBalanceToBuy(
  balance: number,
  details: BalanceDetails | null,
  price: number = priceCents(),
): string {
  const reversal = details?.lastReversal ?? null;
  const owedCents = -reaisToCents(balance);
  return Msg.balanceNegativeToBuy(
    reversal?.reason ?? null,
    reversal ? formatCents(reversal.amountCents) : null,
    formatCents(owedCents),
    formatCents(owedCents + price),
  );
}
