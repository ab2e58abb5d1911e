import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { EMBED_FRAME_ORIGINS } from '@tollgate/contract/general/media';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The access token lives in localStorage (spec §3), so scripts are locked to our own origin.
 * Styles allow inline because the toast library injects its stylesheet at run time.
 */
const GOOGLE = 'https://accounts.google.com';

function helmetOptions(options: { production: boolean; google: boolean }): HelmetOptions {
  // Google's sign-in button is a script and an iframe from accounts.google.com, allowed only when configured.
  const google = options.google ? [GOOGLE] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        // The media embed's players, framed only after a click (web: components/media-embed); its facade
        // is drawn locally, so img-src needs no thumbnail host.
        frameSrc: [...EMBED_FRAME_ORIGINS, ...google],
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
  };
}

/** Runs helmet once against a recording response and keeps the headers it set. */
export function securityHeaders(options: { production: boolean; google: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done || !headers['content-security-policy']) throw new Error('helmet did not produce the security headers');
  return headers;
}

/**
 * Every response carries the same security headers (no per-request nonces), so they are worked out
 * once at start-up: building them per request was about 3 % of a hot API route's time. Routes that
 * serve untrusted content (uploads, the dev mailbox) set a stricter policy of their own over these.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { production: boolean; google: boolean }) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
