// No zod here: the web's public entry imports this without pulling schemas into its bundle.
/** Messages the client matches byte for byte (DESIGN §4, spec §8). */
export const MESSAGES = {
  validation: 'Validation Error',
  jwtExpired: 'jwt expired',
  sessionRevoked: 'session revoked',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'Not Found',
  tooManyRequests: 'Too many requests, please try again later.',
  internal: 'Internal Server Error',
  /** The database is out of reach for a moment (a restart, a failover); Retry-After says when to call again. */
  unavailable: 'Service Unavailable',
} as const;
