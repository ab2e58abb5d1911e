import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RESELLER_PANEL_PATH, siteLinkSchema } from '@tollgate/contract/general/landing';
import { targetRangeSchema } from '@tollgate/contract/proxies/own-servers';

/** Where a gateway node's metrics may listen without a token: nothing else on the network reaches them. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The one place that reads process.env (STYLE: epic-stack). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.string().optional(),
    /** Connections one client address may hold open to the site at once (TRUST_PROXY's are not counted). */
    HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(256),
    SITE_NAME: z.string().min(1).default('Tollgate'),
    EXTENSION_STORE_URL: z.url().default('https://chromewebstore.google.com/category/extensions'),
    /** The sidebar's reseller dashboard: the reseller panel (ADR 044), or another site's address. */
    RESELLER_DASHBOARD_URL: siteLinkSchema.default(RESELLER_PANEL_PATH),
    /** A YouTube, Vimeo or SoundCloud link shown as the walkthrough in the extension setup guide. */
    GUIDE_VIDEO_URL: z.url().optional(),
    MAIL_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Tollgate <no-reply@tollgate.local>'),
    /** News campaign mails per minute, across all instances together (ADR 027). */
    MAIL_CAMPAIGN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    DISCORD_CLIENT_ID: z.string().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    DISCORD_API_URL: z.url().default('https://discord.com/api'),
    DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
    /** Card payments through Stripe Checkout; without both, the sandbox checkout stands in (not in production). */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Stripe's API address, overridable so tests run the SDK against a local server. */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    /** Crypto payments through Cryptomus; without both, the sandbox checkout stands in (not in production). */
    CRYPTOMUS_MERCHANT_ID: z.string().min(1).optional(),
    CRYPTOMUS_API_KEY: z.string().min(1).optional(),
    CRYPTOMUS_API_URL: z.url().default('https://api.cryptomus.com'),
    /** Seller's legal name, address and tax id printed on every bill (lines separated by \n). */
    INVOICE_ISSUER: z.string().max(2000).default(''),
    /** Run scheduled jobs (expiry, auto-renew, reminders) in this instance; on outside tests. */
    JOBS_ENABLED: bool.optional(),
    /** Run the proxy gateway (HTTP and SOCKS5) inside this process; on outside tests. */
    GATEWAY_ENABLED: bool.optional(),
    GATEWAY_HOST: z.string().default('0.0.0.0'),
    GATEWAY_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    GATEWAY_SOCKS_PORT: z.coerce.number().int().min(0).max(65535).default(1080),
    /**
     * Internal ranges this gateway node may reach besides the OwnServers setting's `allowedTargets`
     * (a node's own NAT'd exits, a test origin); comma-separated addresses or CIDRs.
     */
    /** Connections one plan may hold at once on a node, bandwidth plans included. */
    GATEWAY_MAX_CONNECTIONS_PER_PLAN: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
    /** Connections one source address may hold at once on a node, counted before authentication. */
    GATEWAY_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(2_000),
    /** Hard deadline for a client's handshake (SOCKS5) or request head (HTTP). */
    GATEWAY_HANDSHAKE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** An established connection with no traffic either way for this long is closed. */
    GATEWAY_IDLE_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(300),
    GATEWAY_ALLOWED_TARGETS: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(targetRangeSchema)),
    /**
     * What the staff's "test this exit" fetches through an exit: a service that answers the address
     * it sees, as JSON `{ "ip": ... }` or plain text.
     */
    EXIT_CHECK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('https://api.ipify.org?format=json'),
    /** The host name customers' proxy lists point at (the gateway's public address). */
    PROXY_PUBLIC_HOST: z.string().min(1).default('localhost'),
    /** Plans whose provider is 'upstream' are delivered through this reseller API (x-api-key). */
    UPSTREAM_PROXY_API_URL: z.url().optional(),
    UPSTREAM_PROXY_API_KEY: z.string().min(1).optional(),
    /**
     * Prometheus scrapes `/metrics` (and a gateway node's metrics port) with this as a bearer token;
     * without it the shop publishes no metrics.
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** A gateway node (`npm run gateway`) serves its metrics on this port; none when unset. */
    GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    GATEWAY_METRICS_HOST: z.string().default('127.0.0.1'),
    SEED_DEMO_DATA: bool.optional(),
    /** Check every payload against the contract before sending; on by default outside production. */
    VALIDATE_RESPONSES: bool.optional(),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither',
      });
    }
    if (Boolean(env.CRYPTOMUS_MERCHANT_ID) !== Boolean(env.CRYPTOMUS_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CRYPTOMUS_API_KEY'],
        message: 'set both CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_API_KEY, or neither',
      });
    }
    if (Boolean(env.UPSTREAM_PROXY_API_URL) !== Boolean(env.UPSTREAM_PROXY_API_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_PROXY_API_KEY'],
        message: 'set both UPSTREAM_PROXY_API_URL and UPSTREAM_PROXY_API_KEY, or neither',
      });
    }
    if (env.GATEWAY_METRICS_PORT !== undefined && !env.METRICS_TOKEN && !LOOPBACK.has(env.GATEWAY_METRICS_HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'is required when GATEWAY_METRICS_HOST is not a loopback address (127.0.0.1, ::1, localhost)',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    const required = ['DATABASE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'MAIL_URL'] as const;
    for (const key of required) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' });
    }
    if (env.DISCORD_CLIENT_ID && !env.DISCORD_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['DISCORD_CLIENT_SECRET'], message: 'is required with DISCORD_CLIENT_ID' });
    }
    if (env.SEED_DEMO_DATA) {
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: 'demo data is never seeded in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<
  Env,
  'JWT_SECRET' | 'SEED_DEMO_DATA' | 'TRUST_PROXY' | 'VALIDATE_RESPONSES' | 'JOBS_ENABLED' | 'GATEWAY_ENABLED'
> {
  jobsEnabled: boolean;
  gatewayEnabled: boolean;
  JWT_SECRET: string;
  isProduction: boolean;
  seedDemoData: boolean;
  validateResponses: boolean;
  trustProxy: boolean | string;
  webDistDir: string;
  /** Where the user typed the command (npm runs workspace scripts elsewhere): relative paths start here. */
  invocationDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Outside production the signing secret is created once and kept in DATA_DIR, so tokens survive a
 * restart without anyone having to configure anything.
 */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === 'production';
  // npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command.
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, env.DATA_DIR);
  const trust = env.TRUST_PROXY;
  return {
    ...env,
    DATA_DIR: dataDir,
    invocationDir: base,
    JWT_SECRET:
      env.JWT_SECRET ?? (env.NODE_ENV === 'test' ? 'test-secret-test-secret-test-secret!' : devSecret(dataDir)),
    isProduction,
    seedDemoData: env.SEED_DEMO_DATA ?? !isProduction,
    jobsEnabled: env.JOBS_ENABLED ?? env.NODE_ENV !== 'test',
    gatewayEnabled: env.GATEWAY_ENABLED ?? env.NODE_ENV !== 'test',
    validateResponses: env.VALIDATE_RESPONSES ?? !isProduction,
    trustProxy: trust === undefined || trust === '' ? false : trust === 'true' ? true : trust,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(base, env.WEB_DIST_DIR)
      : path.join(import.meta.dirname, '../../../../web/dist'),
  };
}
