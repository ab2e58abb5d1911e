import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { portProblem } from './port-taken';

/** The error Node gives when listening on a port another socket holds. */
async function listenError(port: number): Promise<unknown> {
  const second = net.createServer();
  return new Promise((resolve) => {
    second.once('error', resolve);
    second.listen(port, '127.0.0.1', () => second.close(() => resolve(null)));
  });
}

describe('a port that is taken at start-up', () => {
  it('names the setting that picks it, and how to start without the gateway', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const error = await listenError(port);
      const ports = { PORT: 3000, GATEWAY_HTTP_PORT: port, GATEWAY_SOCKS_PORT: 1080 };
      expect(portProblem(error, ports)).toBe(
        `Port ${port} is already in use, so the proxy gateway's HTTP proxy cannot start. Stop the program that holds it, ` +
          'or choose another port with GATEWAY_HTTP_PORT=<port> (or run the shop without a gateway: GATEWAY_ENABLED=false).',
      );
      // A gateway-only node has nothing to run without its gateway.
      expect(portProblem(error, ports, { gatewayOptional: false })).toBe(
        `Port ${port} is already in use, so the proxy gateway's HTTP proxy cannot start. Stop the program that holds it, ` +
          'or choose another port with GATEWAY_HTTP_PORT=<port>.',
      );
      expect(portProblem(error, { PORT: port, GATEWAY_HTTP_PORT: 8000, GATEWAY_SOCKS_PORT: 1080 })).toBe(
        `Port ${port} is already in use, so the shop cannot start. Stop the program that holds it, or choose another port with PORT=<port>.`,
      );
    } finally {
      holder.close();
    }
  });

  it('leaves other errors alone', () => {
    expect(
      portProblem(new Error('boom'), { PORT: 3000, GATEWAY_HTTP_PORT: 8000, GATEWAY_SOCKS_PORT: 1080 }),
    ).toBeNull();
    expect(portProblem(undefined, { PORT: 3000, GATEWAY_HTTP_PORT: 8000, GATEWAY_SOCKS_PORT: 1080 })).toBeNull();
  });
});
