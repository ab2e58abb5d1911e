import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('refuses production without its secrets and lists every problem at once', () => {
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    }
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'DATABASE_URL: is required when NODE_ENV=production',
        'JWT_SECRET: is required when NODE_ENV=production',
        'PUBLIC_URL: is required when NODE_ENV=production',
        'MAIL_URL: is required when NODE_ENV=production',
      ]);
    }
  });

  it('never seeds demo data in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/tollgate',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://proxies.example.com',
      MAIL_URL: 'smtp://mail.example.com:587',
    });
    expect(config.seedDemoData).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(/never seeded in production/);
  });

  it('defaults to port 3000, embedded database in ./data and demo data', () => {
    const config = loadConfig({ NODE_ENV: 'development', INIT_CWD: '/srv/shop', JWT_SECRET: 'y'.repeat(40) });
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('/srv/shop/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
  });

  it('reads the ranges a gateway node may reach and names a bad one', () => {
    const base = { NODE_ENV: 'development', JWT_SECRET: 'y'.repeat(40) };
    expect(loadConfig(base).GATEWAY_ALLOWED_TARGETS).toEqual([]);
    expect(
      loadConfig({ ...base, GATEWAY_ALLOWED_TARGETS: ' 10.8.0.0/16, fd00::/8 ,127.0.0.1' }).GATEWAY_ALLOWED_TARGETS,
    ).toEqual(['10.8.0.0/16', 'fd00::/8', '127.0.0.1']);
    expect(() => loadConfig({ ...base, GATEWAY_ALLOWED_TARGETS: '10.0.0.0/33' })).toThrow(
      /GATEWAY_ALLOWED_TARGETS.*Use an IP address or a CIDR range/,
    );
  });

  it('keeps a gateway node’s metrics on loopback unless a token guards them', () => {
    const base = { NODE_ENV: 'development', JWT_SECRET: 'y'.repeat(40), GATEWAY_METRICS_PORT: '9464' };
    expect(loadConfig(base).GATEWAY_METRICS_HOST).toBe('127.0.0.1');
    expect(() => loadConfig({ ...base, GATEWAY_METRICS_HOST: '0.0.0.0' })).toThrow(
      /METRICS_TOKEN: is required when GATEWAY_METRICS_HOST is not a loopback address/,
    );
    const guarded = loadConfig({ ...base, GATEWAY_METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(16) });
    expect(guarded.GATEWAY_METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});
