import {
  createPartnerUrl,
  deletePartnerUrl,
  partnerStatistic,
  recordPartnerVisit,
} from '@tollgate/contract/growth/partners';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { randomSuffix } from '#platform/random.ts';
import type { PartnersService } from './partners.service';
import { derivedVisitor, isBot, visitorCookie, visitorFromCookie } from './visitor';

/** Partner links (issue 16): the Administrator's domains and statistics, and the landing page's visit call. */
export function partnersRoutes(
  partners: PartnersService,
  options: { secret: string; secureCookie: boolean },
): RouteDefinition[] {
  return [
    route(partnerStatistic, ({ query }) => partners.statistic(query)),
    // The spec's call names no domain (issue 33): a fresh partner code then, never one in use.
    route(createPartnerUrl, ({ auth, query }) =>
      partners.create(auth.accountId, query.domain ?? `partner-${randomSuffix()}.invalid`),
    ),
    route(deletePartnerUrl, ({ auth, body }) => partners.remove(auth.accountId, body.domain)),
    route(recordPartnerVisit, async ({ body, request, reply }) => {
      const userAgent = request.headers['user-agent'];
      if (isBot(userAgent)) return { counted: false };
      const visitor =
        visitorFromCookie(request.headers.cookie) ?? derivedVisitor(options.secret, request.ip, userAgent ?? '');
      const { matched, counted } = await partners.visit(body, visitor);
      // The one first-party value, only for a partner's visitors: who this browser is, so a reload or
      // a later sign-up is the same visitor.
      if (matched) reply.header('set-cookie', visitorCookie(visitor, options.secureCookie));
      return { counted };
    }),
  ];
}
