import {
  isPartnerDomain,
  normalizePartnerDomain,
  PARTNER_COOKIE_DAYS,
  PARTNER_EXISTS,
  PARTNER_QUERY_PARAM,
  PARTNER_UNKNOWN,
  type Partner,
  type PartnerStatus,
} from '@tollgate/contract/growth/partners';
import { toDollars } from '@tollgate/contract/http/money';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { partnersRepository as repo, type PartnerRow } from './partners.repository';
import { isVisitorKey } from './visitor';

const iso = (v: Date | string) => new Date(v).toISOString();

/** A referrer's host, or null when it is not a web address. */
function hostOf(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = normalizePartnerDomain(url.hostname);
    return isPartnerDomain(host) ? host : null;
  } catch {
    return null;
  }
}

/** Partner links (issue 16, ADR 036): domains, their visits, and the accounts they brought. */
export function createPartnersService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const view = (row: PartnerRow): Partner => ({
    domain: row.domain,
    status: row.status,
    link: `${publicUrl}/?${PARTNER_QUERY_PARAM}=${encodeURIComponent(row.domain)}`,
    visitors: row.visitors,
    signUps: row.sign_ups,
    buyers: row.buyers,
    revenue: toDollars(Number(row.revenue_cents)),
    lastVisitAt: row.last_visit_at ? iso(row.last_visit_at) : null,
    createdAt: iso(row.created_at),
    removedAt: row.removed_at ? iso(row.removed_at) : null,
  });

  /** The active partner a visit or a sign-up names: `?partner=` first, else the referrer's host. */
  async function partnerNamed(named: { partner?: string | undefined; referrer?: string | undefined }) {
    const given = named.partner ? normalizePartnerDomain(named.partner) : null;
    if (given && isPartnerDomain(given)) {
      const found = await repo.activeForHost(db, given);
      if (found && found.domain === given) return found;
    }
    const host = hostOf(named.referrer);
    return host ? repo.activeForHost(db, host) : null;
  }

  return {
    async statistic(query: {
      page: number;
      size: number;
      search?: string | undefined;
      status?: PartnerStatus | undefined;
    }) {
      const [{ items, total }, totals] = await Promise.all([
        repo.page(db, query, query.size, (query.page - 1) * query.size),
        repo.totals(db),
      ]);
      return {
        items: items.map(view),
        total,
        page: query.page,
        size: query.size,
        totals: {
          usersWithPartnerUrl: totals.users,
          uniqueBuyers: totals.buyers,
          visitors: totals.visitors,
          revenue: toDollars(Number(totals.revenue_cents)),
        },
      };
    },

    async create(actorId: string, domain: string) {
      return db.transaction(async (tx) => {
        const row = await repo.activate(tx, domain, actorId);
        if (!row) throw badRequest(PARTNER_EXISTS);
        await audit(tx, {
          actorId,
          action: 'partner.create',
          targetType: 'partner',
          targetId: row.id,
          after: { domain },
        });
        return view((await repo.one(tx, domain))!);
      });
    },

    async remove(actorId: string, domain: string) {
      return db.transaction(async (tx) => {
        const row = await repo.remove(tx, domain);
        if (!row) throw notFound(PARTNER_UNKNOWN);
        await audit(tx, {
          actorId,
          action: 'partner.remove',
          targetType: 'partner',
          targetId: row.id,
          before: { domain },
        });
        return null;
      });
    },

    /** Counts a visit for a registered partner, once per visitor; anything else is noted and dropped. */
    async visit(named: { partner?: string | undefined; referrer?: string | undefined }, visitorKey: string) {
      const partner = await partnerNamed(named);
      if (!partner) return { matched: false, counted: false };
      return { matched: true, counted: await repo.recordVisit(db, partner.id, visitorKey) };
    },

    /**
     * Sign-up: the partner named by `?partner=` on the register page, else the one this browser's
     * visit cookie last came through (within the cookie's life), if it is still active.
     */
    async attribute(input: {
      accountId: string;
      partnerCode: string | null | undefined;
      visitorKey: string | null | undefined;
    }) {
      let domain: string | null = null;
      if (input.partnerCode) domain = (await partnerNamed({ partner: input.partnerCode }))?.domain ?? null;
      if (!domain && isVisitorKey(input.visitorKey))
        domain = await repo.lastVisited(db, input.visitorKey, PARTNER_COOKIE_DAYS);
      if (domain) await repo.setAccountPartner(db, input.accountId, domain);
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
