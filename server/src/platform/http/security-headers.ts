import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The access token lives in localStorage (spec §3), so scripts are locked to our own origin.
 * Styles allow inline because the toast library injects its stylesheet at run time.
 */
const GOOGLE = 'https://accounts.google.com';

export async function installSecurityHeaders(app: FastifyInstance, options: { production: boolean; google: boolean }) {
  // Google's sign-in button is a script and an iframe from accounts.google.com, allowed only when configured.
  const google = options.google ? [GOOGLE] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        frameSrc: options.google ? google : ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Google's sign-in popup talks back to its opener, which same-origin would cut off.
    crossOriginOpenerPolicy: { policy: options.google ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
