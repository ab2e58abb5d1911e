import type { ConnectionTest, PackagesPayload, ProductApiConnection } from '@tollgate/contract/admin/products';
import { audit } from '#platform/billing/audit-log.ts';
import type { Sealer } from '#platform/auth/sealed.ts';
import type { Db } from '#platform/db/client.ts';
import { badRequest } from '#platform/http/errors.ts';
import {
  effectiveConnection,
  last4,
  PRODUCT_API_KEY,
  readStoredConnection,
  type ConnectionHolder,
  type EnvConnection,
  type StoredConnection,
  type UpstreamConnection,
} from '#platform/products/upstream-connection.ts';
import { refuseProviderUrl } from '#platform/products/provider-url.ts';
import { ProxyBackendError } from '#platform/proxy-backends/backend.ts';
import { createUpstreamAccount } from '#platform/proxy-backends/upstream-account.ts';
import type { UpstreamOptions } from '#platform/proxy-backends/upstream.ts';
import { productsRepository as repo } from './products.repository';

export interface ProductApiDeps {
  db: Db;
  sealer: Sealer;
  env: EnvConnection;
  holder: Pick<ConnectionHolder, 'refresh'>;
  /** Tests shorten it; 10 s otherwise. */
  timeoutMs?: number;
  fetch?: UpstreamOptions['fetch'];
}

const NOT_CONFIGURED = 'No upstream provider is connected: enter its API address and key';

/** What staff may see of a stored connection: never the key, only its last 4 characters. */
const auditView = (stored: StoredConnection | null) =>
  stored && { baseUrl: stored.baseUrl, apiKey: 'sealed', keyLast4: stored.keyLast4 };

/** /admin/productapi: the upstream provider connection, its live test, and what it reports. */
export function createProductApiService(deps: ProductApiDeps) {
  const { db, sealer, env } = deps;
  const accountOf = (c: { baseUrl: string; apiKey: string }) =>
    createUpstreamAccount({ ...c, timeoutMs: deps.timeoutMs ?? 10_000, ...(deps.fetch ? { fetch: deps.fetch } : {}) });

  async function inUse() {
    const { stored, updatedAt } = await readStoredConnection(db);
    const connection = effectiveConnection(stored, sealer, env);
    return { stored, updatedAt, connection };
  }

  function view(
    connection: UpstreamConnection | null,
    stored: StoredConnection | null,
    updatedAt: Date | null,
  ): ProductApiConnection {
    return {
      source: connection?.source ?? 'none',
      baseUrl: connection?.baseUrl ?? null,
      keyLast4: connection
        ? connection.source === 'stored' && stored
          ? stored.keyLast4
          : last4(connection.apiKey)
        : null,
      environmentConfigured: Boolean(env.UPSTREAM_PROXY_API_URL && env.UPSTREAM_PROXY_API_KEY),
      updatedAt: connection?.source === 'stored' ? (updatedAt?.toISOString() ?? null) : null,
    };
  }

  async function test(connection: { baseUrl: string; apiKey: string }): Promise<ConnectionTest> {
    const started = Date.now();
    const testedAt = new Date().toISOString();
    try {
      await accountOf(connection).check();
      return { ok: true, testedAt, ms: Date.now() - started, error: null };
    } catch (error) {
      if (!(error instanceof ProxyBackendError)) throw error;
      // Staff read the provider's own sentence; the adapter has already taken the key out of it.
      return { ok: false, testedAt, ms: Date.now() - started, error: error.detail };
    }
  }

  async function checkedUrl(baseUrl: string) {
    const why = await refuseProviderUrl(baseUrl, { environmentUrl: env.UPSTREAM_PROXY_API_URL });
    if (why) throw badRequest(why);
    return baseUrl.replace(/\/+$/, '');
  }

  return {
    async connection(): Promise<ProductApiConnection> {
      const { stored, updatedAt, connection } = await inUse();
      return view(connection, stored, updatedAt);
    },

    async update(
      actorId: string,
      body: { baseUrl?: string | undefined; apiKey?: string | undefined; clear?: boolean | undefined },
    ): Promise<ProductApiConnection> {
      const baseUrl = body.clear ? null : await checkedUrl(body.baseUrl ?? '');
      await db.transaction(async (tx) => {
        const before = (await readStoredConnection(tx)).stored;
        if (baseUrl === null) {
          if (!before) throw badRequest('clear: no connection is stored');
          await repo.deleteSetting(tx, PRODUCT_API_KEY);
          await audit(tx, {
            actorId,
            action: 'product-api.clear',
            targetType: 'settings',
            targetId: PRODUCT_API_KEY,
            before: auditView(before),
          });
          return;
        }
        let sealedKey: string;
        let keyLast4: string;
        if (body.apiKey) {
          sealedKey = sealer.seal(body.apiKey);
          keyLast4 = last4(body.apiKey);
        } else if (before && before.baseUrl === baseUrl) {
          sealedKey = before.apiKeySealed;
          keyLast4 = before.keyLast4;
        } else {
          // The stored key never goes to an address it was not saved for.
          throw badRequest(before ? 'apiKey: enter the key again for a new address' : 'apiKey: enter the API key');
        }
        const after: StoredConnection = { baseUrl, apiKeySealed: sealedKey, keyLast4 };
        await repo.writeSetting(tx, PRODUCT_API_KEY, after);
        await audit(tx, {
          actorId,
          action: 'product-api.update',
          targetType: 'settings',
          targetId: PRODUCT_API_KEY,
          before: auditView(before),
          after: { ...auditView(after), keyChanged: Boolean(body.apiKey) },
        });
      });
      // This instance follows at once; the others on the change feed's word.
      await deps.holder.refresh();
      const { stored, updatedAt, connection } = await inUse();
      return view(connection, stored, updatedAt);
    },

    /** The connection typed on the screen (an empty key: the stored one), or the one in use. */
    async test(body: { baseUrl?: string | undefined; apiKey?: string | undefined }): Promise<ConnectionTest> {
      const { connection } = await inUse();
      if (!body.baseUrl) {
        if (body.apiKey) throw badRequest('baseUrl: enter the API address');
        if (!connection) throw badRequest(NOT_CONFIGURED);
        return test(connection);
      }
      const baseUrl = await checkedUrl(body.baseUrl);
      // The key in use is sent only to the address it belongs to, never to one typed just now.
      const apiKey = body.apiKey || (connection?.baseUrl.replace(/\/+$/, '') === baseUrl ? connection.apiKey : '');
      if (!apiKey) throw badRequest('apiKey: enter the API key for this address');
      return test({ baseUrl, apiKey });
    },

    async packages(): Promise<PackagesPayload> {
      const { stored, updatedAt, connection } = await inUse();
      const shown = view(connection, stored, updatedAt);
      if (!connection) return { connection: shown, status: null, packages: null, balance: null, note: NOT_CONFIGURED };
      const account = accountOf(connection);
      const status = await test(connection);
      if (!status.ok) {
        return { connection: shown, status, packages: null, balance: null, note: 'The provider did not answer' };
      }
      const [packages, balance] = await Promise.all([
        account.packages().catch(() => undefined),
        account.balance().catch(() => undefined),
      ]);
      const missing = [packages === null ? 'packages' : null, balance === null ? 'a balance' : null].filter(Boolean);
      const failed = packages === undefined || balance === undefined;
      return {
        connection: shown,
        status,
        packages: packages ?? null,
        balance: balance ?? null,
        note: failed
          ? 'The provider did not answer every question; try again in a moment'
          : missing.length
            ? `The provider does not report ${missing.join(' or ')}`
            : null,
      };
    },
  };
}
