import type { Config } from './env';

type Ports = Pick<Config, 'PORT' | 'GATEWAY_HTTP_PORT' | 'GATEWAY_SOCKS_PORT'>;

const SETTINGS: { setting: keyof Ports; what: string; gateway: boolean }[] = [
  { setting: 'PORT', what: 'the shop', gateway: false },
  { setting: 'GATEWAY_HTTP_PORT', what: "the proxy gateway's HTTP proxy", gateway: true },
  { setting: 'GATEWAY_SOCKS_PORT', what: "the proxy gateway's SOCKS5 proxy", gateway: true },
];

/**
 * A start-up that failed because a port is taken or needs privileges, said in terms of the setting
 * that picks the port, so a seller on a fresh machine knows what to change. Null for other errors.
 * `gatewayOptional` is false for a gateway-only node, which has nothing to run without it.
 */
export function portProblem(error: unknown, config: Ports, options = { gatewayOptional: true }): string | null {
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if ((code !== 'EADDRINUSE' && code !== 'EACCES') || typeof port !== 'number') return null;
  const owner = SETTINGS.find((s) => config[s.setting] === port);
  const what = owner?.what ?? 'Tollgate';
  const problem =
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use, so ${what} cannot start. Stop the program that holds it`
      : `Port ${port} needs administrator rights, so ${what} cannot start. Run with those rights`;
  const choose = owner ? `, or choose another port with ${owner.setting}=<port>` : '';
  const skip =
    owner?.gateway && options.gatewayOptional ? ' (or run the shop without a gateway: GATEWAY_ENABLED=false)' : '';
  return `${problem}${choose}${skip}.`;
}
