import { z } from 'zod';
import { ProxyBackendError } from './backend';
import { createUpstreamClient, type UpstreamOptions } from './upstream';

/**
 * What the reseller API says about our account there, for the staff product API screen. The protocol
 * (ADR 008, extended by ADR 031) has `GET /account` (balance) and `GET /packages` (what we bought);
 * both are optional for a provider: a 404 or 405 means it does not report that, not that it failed.
 */
const accountSchema = z.object({
  balance: z.number().finite(),
  currency: z.string().trim().min(1).max(8).default('USD'),
});
const packagesSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.union([z.string().min(1), z.number().int()]).transform(String),
        name: z.string().max(200).default(''),
        type: z.string().max(40).nullish(),
        remaining_gb: z.number().finite().nonnegative().nullish(),
        total_gb: z.number().finite().nonnegative().nullish(),
        expires_at: z.string().max(40).nullish(),
      }),
    )
    .max(1_000),
});

const NOT_REPORTED = new Set([404, 405, 501]);

export interface UpstreamPackage {
  id: string;
  name: string;
  type: string | null;
  remainingGb: number | null;
  totalGb: number | null;
  expiresAt: string | null;
}

export function createUpstreamAccount(options: UpstreamOptions) {
  const { read } = createUpstreamClient(options);

  /** null when the provider has no such call. */
  async function optional<T>(load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ProxyBackendError && error.status !== null && NOT_REPORTED.has(error.status)) return null;
      throw error;
    }
  }

  return {
    /**
     * One authenticated call that every provider of the protocol answers: the account when it reports
     * one, else the residential countries. Throws ProxyBackendError when the key or the address is wrong.
     */
    async check(): Promise<void> {
      const account = await optional(() => read(accountSchema, 'GET', '/account'));
      if (account === null)
        await read(z.object({ items: z.array(z.string()) }), 'GET', '/locations/residential/countries');
    },

    async balance(): Promise<{ amount: number; currency: string } | null> {
      const account = await optional(() => read(accountSchema, 'GET', '/account'));
      return account && { amount: account.balance, currency: account.currency.toUpperCase() };
    },

    async packages(): Promise<UpstreamPackage[] | null> {
      const answer = await optional(() => read(packagesSchema, 'GET', '/packages'));
      return (
        answer?.items.map((p) => ({
          id: p.id,
          name: p.name || p.id,
          type: p.type ?? null,
          remainingGb: p.remaining_gb ?? null,
          totalGb: p.total_gb ?? null,
          expiresAt: p.expires_at ?? null,
        })) ?? null
      );
    },
  };
}
