import type { CurrencyCode } from '@kometa/money';
import type { Db } from '../../platform/db/database.ts';
import type { Ledger } from '../wallet/index.ts';

/**
 * Every movement of bonus money (ADR 030), each once per gift and step by its ledger key:
 * credit `bonus_cost → bonus`, convert `bonus → real` (the rest back to `bonus_cost`), forfeit
 * `bonus → bonus_cost`, and a bonus without wagering straight to real money.
 */
export function createGiftMoney(ledger: Ledger) {
  const house = (currency: CurrencyCode) => ({ house: 'bonus_cost' as const, name: 'gifts', currency });
  const bonus = (userId: number, currency: CurrencyCode) => ({
    player: userId,
    kind: 'bonus' as const,
    currency,
  });
  const real = (userId: number, currency: CurrencyCode) => ({
    player: userId,
    kind: 'real' as const,
    currency,
  });

  async function post(
    tx: Db,
    key: string,
    legs: { account: Parameters<Ledger['prepare']>[0]['legs'][number]['account']; amount: number }[],
  ) {
    const moving = legs.filter((leg) => leg.amount !== 0);
    if (moving.length === 0) return;
    const prepared = await ledger.prepare(
      { key, operation: 'bonus', reference: key, legs: moving },
      {
        insideTransaction: true,
        executor: tx,
      },
    );
    await ledger.commit(prepared, tx);
  }

  return {
    /** Opens the accounts a gift's money will touch (outside the caller's transaction). */
    async open(userId: number, currency: CurrencyCode): Promise<void> {
      await ledger.openAccounts([house(currency), bonus(userId, currency), real(userId, currency)]);
    },

    credit(tx: Db, giftId: number, userId: number, currency: CurrencyCode, amount: number) {
      return post(tx, `gift:${giftId}:credit`, [
        { account: house(currency), amount: -amount },
        { account: bonus(userId, currency), amount },
      ]);
    },

    /** A gift without wagering is real money at once. */
    payReal(tx: Db, giftId: number, userId: number, currency: CurrencyCode, amount: number) {
      return post(tx, `gift:${giftId}:real`, [
        { account: house(currency), amount: -amount },
        { account: real(userId, currency), amount },
      ]);
    },

    convert(
      tx: Db,
      giftId: number,
      userId: number,
      currency: CurrencyCode,
      split: { converted: number; forfeited: number },
    ) {
      return post(tx, `gift:${giftId}:convert`, [
        { account: bonus(userId, currency), amount: -(split.converted + split.forfeited) },
        { account: real(userId, currency), amount: split.converted },
        { account: house(currency), amount: split.forfeited },
      ]);
    },

    forfeit(tx: Db, giftId: number, userId: number, currency: CurrencyCode, amount: number) {
      return post(tx, `gift:${giftId}:forfeit`, [
        { account: bonus(userId, currency), amount: -amount },
        { account: house(currency), amount },
      ]);
    },
  };
}

export type GiftMoney = ReturnType<typeof createGiftMoney>;
