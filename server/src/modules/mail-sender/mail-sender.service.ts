import type {
  Audience,
  Campaign,
  CampaignDraft,
  CampaignStatus,
  CampaignSummary,
} from '@tollgate/contract/admin/mail-sender';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { campaignMail, type CampaignLinks } from '#platform/mail/campaign-template.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { mailSenderRepository as repo, type CampaignRow } from './mail-sender.repository';

export const UNKNOWN_CAMPAIGN = 'No such campaign';

export interface MailSenderDeps {
  db: Db;
  mailer: Mailer;
  siteName: string;
  links: (accountId: string) => CampaignLinks;
  /** Starts delivery at once after a campaign is queued (the job queue's sweep would, within a minute). */
  kick: () => void;
}

interface Actor {
  accountId: string;
  account: { email: string; username: string };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The mail sender's rules: drafts change freely, sending is one-way and idempotent, all audited. */
export function createMailSenderService(deps: MailSenderDeps) {
  const { db } = deps;

  async function summaries(rows: CampaignRow[]): Promise<CampaignSummary[]> {
    const ids = rows.map((r) => r.id);
    const [progress, names] = await Promise.all([
      repo.progress(db, ids),
      repo.usernames(db, [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))]),
    ]);
    return rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      status: r.status,
      audience: r.audience,
      progress: progress.get(r.id)!,
      createdBy: r.createdBy ? { id: r.createdBy, username: names.get(r.createdBy) ?? 'deleted account' } : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      startedAt: iso(r.startedAt),
      finishedAt: iso(r.finishedAt),
      cancelledAt: iso(r.cancelledAt),
    }));
  }

  async function view(row: CampaignRow): Promise<Campaign> {
    const [summary] = await summaries([row]);
    return {
      ...summary!,
      body: row.body,
      reach: row.status === 'draft' ? await repo.reach(db, row.audience) : null,
    };
  }

  async function load(id: string) {
    const row = await repo.find(db, id);
    if (!row) throw notFound(UNKNOWN_CAMPAIGN);
    return row;
  }

  /** A one-account audience must name a customer: staff and reseller API accounts get no marketing. */
  async function checkAudience(audience: Audience) {
    if (audience.kind !== 'account') return;
    const account = await repo.findAccount(db, audience.account);
    const problem = !account
      ? 'No account has that username or email'
      : account.deleted_at
        ? 'That account is deleted'
        : account.role !== 'User' || account.reseller
          ? 'That is a staff or reseller API account; campaigns go to customers only'
          : null;
    if (problem)
      throw new AppError(400, problem, { error: problem, fields: [{ path: 'audience.account', message: problem }] });
  }

  const notDraft = (status: CampaignStatus) =>
    badRequest(
      status === 'sending'
        ? 'This campaign is being sent and can no longer change'
        : `This campaign was ${status === 'sent' ? 'sent' : 'cancelled'} and can no longer change`,
    );

  return {
    async list(query: { page: number; size: number; search?: string | undefined; status?: CampaignStatus }) {
      const { items, total } = await repo.list(db, query);
      return { items: await summaries(items), total, page: query.page, size: query.size };
    },

    get: async (id: string) => view(await load(id)),

    reach: (audience: Audience) => repo.reach(db, audience),

    recipients: async (
      id: string,
      query: { page: number; size: number; status?: string | undefined; search?: string | undefined },
    ) => {
      await load(id);
      const { items, total } = await repo.recipients(db, id, query);
      return {
        items: items.map((r) => ({ ...r, sentAt: iso(r.sentAt) })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async create(actor: Actor, draft: CampaignDraft) {
      await checkAudience(draft.audience);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insert(tx, { ...draft, createdBy: actor.accountId });
        await audit(tx, {
          actorId: actor.accountId,
          action: 'mail_campaign.create',
          targetType: 'mail_campaign',
          targetId: created.id,
          after: draft,
        });
        return created;
      });
      return view(row);
    },

    async update(actor: Actor, id: string, change: Partial<CampaignDraft>) {
      const before = await load(id);
      if (before.status !== 'draft') throw notDraft(before.status);
      if (change.audience) await checkAudience(change.audience);
      const row = await db.transaction(async (tx) => {
        const updated = await repo.updateDraft(tx, id, change);
        if (!updated) return null;
        await audit(tx, {
          actorId: actor.accountId,
          action: 'mail_campaign.update',
          targetType: 'mail_campaign',
          targetId: id,
          before: { subject: before.subject, body: before.body, audience: before.audience },
          after: { subject: updated.subject, body: updated.body, audience: updated.audience },
        });
        return updated;
      });
      if (!row) throw notDraft((await load(id)).status);
      return view(row);
    },

    async remove(actor: Actor, id: string) {
      const before = await load(id);
      if (before.status !== 'draft')
        throw badRequest('Only drafts can be deleted; a campaign that went out stays as a record');
      await db.transaction(async (tx) => {
        if (!(await repo.deleteDraft(tx, id))) throw badRequest('This campaign is no longer a draft');
        await audit(tx, {
          actorId: actor.accountId,
          action: 'mail_campaign.delete',
          targetType: 'mail_campaign',
          targetId: id,
          before: { subject: before.subject, body: before.body, audience: before.audience },
        });
      });
      return null;
    },

    /** What a customer receives, greeting the caller; the composer's preview shows exactly this. */
    preview(actor: Actor, content: { subject: string; body: string }) {
      const mail = campaignMail(
        deps.siteName,
        actor.account,
        { subject: content.subject.trim() || '(no subject)', body: content.body },
        deps.links(actor.accountId),
      );
      return { subject: mail.subject, html: mail.html, text: mail.text };
    },

    async test(actor: Actor, id: string) {
      const row = await load(id);
      const mail = campaignMail(
        deps.siteName,
        actor.account,
        { subject: `[TEST] ${row.subject}`, body: row.body },
        deps.links(actor.accountId),
      );
      try {
        await deps.mailer.send(mail);
      } catch {
        throw new AppError(502, 'The mail server refused the test mail; try again later', {
          error: 'The mail server refused the test mail',
        });
      }
      await audit(db, {
        actorId: actor.accountId,
        action: 'mail_campaign.test',
        targetType: 'mail_campaign',
        targetId: id,
        after: { to: actor.account.email },
      });
      return { to: actor.account.email };
    },

    /** Idempotent: the first call fixes the recipients and queues them; later calls change nothing. */
    async send(actor: Actor, id: string) {
      const before = await load(id);
      if (before.status !== 'draft') return view(before);
      await checkAudience(before.audience);
      const started = await db.transaction(async (tx) => {
        const result = await repo.startSending(tx, id, actor.accountId);
        if (!result) return null;
        if (result.recipients === 0)
          throw badRequest('Nobody in this audience can receive it: no opted-in customer matches');
        await audit(tx, {
          actorId: actor.accountId,
          action: 'mail_campaign.send',
          targetType: 'mail_campaign',
          targetId: id,
          before: { status: 'draft' },
          after: { status: 'sending', recipients: result.recipients, audience: result.campaign.audience },
        });
        return result.campaign;
      });
      if (started) deps.kick();
      return view(started ?? (await load(id)));
    },

    async cancel(actor: Actor, id: string) {
      const before = await load(id);
      if (before.status !== 'sending')
        throw badRequest(
          before.status === 'draft'
            ? 'This campaign was not sent; delete the draft instead'
            : 'This campaign has already finished',
        );
      const row = await db.transaction(async (tx) => {
        const cancelled = await repo.cancel(tx, id);
        if (!cancelled) return null;
        await audit(tx, {
          actorId: actor.accountId,
          action: 'mail_campaign.cancel',
          targetType: 'mail_campaign',
          targetId: id,
          before: { status: 'sending' },
          after: { status: 'cancelled' },
        });
        return cancelled;
      });
      if (!row) throw badRequest('This campaign has already finished');
      return view(row);
    },
  };
}
export type MailSenderService = ReturnType<typeof createMailSenderService>;
