import type { ProxyBackend } from './backend';

/**
 * The built-in gateway. Credentials, whitelist and bandwidth already live on the subscription row,
 * which the gateway reads, so there is nothing to tell anyone: every command is a no-op.
 */
export const builtinBackend: ProxyBackend = {
  name: 'builtin',
  async createPlan({ subscriptionId, username, password }) {
    return { ref: subscriptionId, username, password };
  },
  async addBandwidth() {},
  async removeBandwidth() {},
  async addDays() {},
  async addWhitelistIp() {},
  async removeWhitelistIp() {},
  async changePassword() {},
  // Built-in geography comes from the server's bundled location data, not from a backend.
  async locations() {
    return { countries: [], states: [], cities: [], isps: [] };
  },
  async usage() {
    // Answering zero here would let a usage sync wipe what the gateway metered; fail loudly instead.
    throw new Error('The built-in gateway meters into subscriptions.bandwidth_used_bytes; read usage there');
  },
};
