import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { userWallet } from './accounts.ts';

/** GET /users/self/wallets: the Wallet of spec §3 per currency, in minor units. */
export const walletsResponse = dataEnvelope(z.array(userWallet));
