import type { FastifyRequest } from 'fastify';

/** Where links in mail point: the configured public address, else the address this request used. */
export function appUrl(publicUrl: string | undefined, request: FastifyRequest): string {
  if (publicUrl) return publicUrl.replace(/\/$/, '');
  return `${request.protocol}://${request.host}`;
}
