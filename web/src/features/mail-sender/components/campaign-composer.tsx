import { useEffect, useState, type FormEvent } from 'react';
import { generatePath, useLocation, useNavigate } from 'react-router';
import { Send, FlaskConical, Trash2 } from 'lucide-react';
import { campaignDraftSchema, type Campaign, type CampaignDraft } from '@tollgate/contract/admin/mail-sender';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { MarkdownEditor } from '#components/markdown-editor/markdown-editor.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatNumber } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useForm } from '#lib/use-form.ts';
import {
  useCampaignPreview,
  useDeleteCampaign,
  useSaveCampaign,
  useSendCampaign,
  useTestCampaign,
} from '../api/mail-sender.ts';
import { audienceFieldsOf, audienceOf, EMPTY_AUDIENCE, type AudienceFields } from '../utils/audience.ts';
import { AudiencePicker } from './audience-picker.tsx';
import { MailPreview } from './mail-preview.tsx';

const MARKDOWN_HINT =
  'Markdown: **bold**, *italic*, ## heading, - list, 1. list, > quote, `code`, [text](https://…), as on the blog. HTML shows as text; a video link stays a link. Each mail starts “Hi username,” and ends with the unsubscribe link.';

/** Write a campaign (subject, Markdown, audience) beside its live preview; test it, then send it. */
export function CampaignComposer({ campaign }: { campaign?: Campaign }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({ subject: campaign?.subject ?? '', body: campaign?.body ?? '' });
  const [audience, setAudience] = useState<AudienceFields>(
    campaign ? audienceFieldsOf(campaign.audience) : EMPTY_AUDIENCE,
  );
  const [audienceError, setAudienceError] = useState<string>();
  const { confirm, dialog } = useConfirm();
  const save = useSaveCampaign(campaign?.id);
  const test = useTestCampaign();
  const send = useSendCampaign();
  const remove = useDeleteCampaign();
  const content = useDebouncedValue({ subject: form.values.subject, body: form.values.body }, 300);
  const preview = useCampaignPreview(content);

  const draftNow = (): CampaignDraft | null => {
    const checked = audienceOf(audience);
    const parsed = campaignDraftSchema.safeParse({
      subject: form.values.subject,
      body: form.values.body,
      audience: 'audience' in checked ? checked.audience : undefined,
    });
    if ('problem' in checked) setAudienceError(checked.problem);
    if (!parsed.success) {
      form.invalid(parsed.error.issues.filter((i) => i.path[0] !== 'audience'));
      return null;
    }
    return parsed.data;
  };
  const changed = (draft: CampaignDraft) =>
    !campaign ||
    draft.subject !== campaign.subject ||
    draft.body !== campaign.body ||
    JSON.stringify(draft.audience) !== JSON.stringify(campaign.audience);

  /** Saves when something changed; the saved campaign (or the current one), or null when refused. */
  async function saved(): Promise<Campaign | null> {
    const draft = draftNow();
    if (!draft) return null;
    form.clear();
    setAudienceError(undefined);
    if (campaign && !changed(draft)) return campaign;
    try {
      return await save.mutateAsync(draft);
    } catch (error) {
      form.fail(error);
      const field = (error as { fields?: Array<{ path: string; message: string }> }).fields?.find((f) =>
        f.path.startsWith('body.audience'),
      );
      if (field) setAudienceError(field.message);
      return null;
    }
  }

  /** A new campaign moves to its own address once saved. */
  const open = (id: string, state?: { confirmSend: boolean }) =>
    navigate(generatePath(staffPaths.admin.mailCampaign, { campaignId: id }), { replace: true, state });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const current = await saved();
    if (!current) return;
    void notify('success', 'Draft saved');
    if (!campaign) await open(current.id);
  };

  const sendTest = async () => {
    const current = await saved();
    if (!current) return;
    try {
      const { to } = await test.mutateAsync(current.id);
      void notify('success', `Test sent to ${to}`);
    } catch (error) {
      void notify('error', errorMessage(error));
    }
    if (!campaign) await open(current.id);
  };

  /** The last question before it goes out; the sending runs in the dialog, which keeps a refusal. */
  const confirmSend = async (current: Campaign) => {
    const reach = current.reach?.recipients ?? 0;
    const whom = reach === 1 ? 'customer' : 'customers';
    let queued = 0;
    const done = await confirm({
      title: `Send to ${formatNumber(reach)} ${whom}?`,
      description: `“${current.subject}” goes out now to the ${formatNumber(reach)} opted-in ${whom} of this audience, at the configured pace. It cannot be unsent; you can cancel the rest while it is going out.`,
      confirmLabel: `Send to ${formatNumber(reach)}`,
      action: async () => {
        queued = (await send.mutateAsync(current.id)).progress.total;
      },
    });
    if (done) void notify('success', `Queued for ${formatNumber(queued)} recipients`);
  };

  // A new campaign saved by "Send…" arrives here saved, with the question still to ask.
  const arrivedToSend = (location.state as { confirmSend?: boolean } | null)?.confirmSend === true;
  useEffect(() => {
    if (arrivedToSend && campaign) void confirmSend(campaign);
    // On arrival only: the state stays in the history entry, the question is asked once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const askToSend = async () => {
    const current = await saved();
    if (!current) return;
    if (!campaign) return open(current.id, { confirmSend: true });
    await confirmSend(current);
  };

  const askToDelete = async (draft: Campaign) => {
    const done = await confirm({
      title: 'Delete this draft?',
      description: `“${draft.subject}” was never sent; deleting it cannot be undone.`,
      confirmLabel: 'Delete draft',
      action: () => remove.mutateAsync(draft.id),
    });
    if (!done) return;
    void notify('success', 'Draft deleted');
    void navigate(staffPaths.admin.mailSender);
  };

  const busy = save.isPending || test.isPending || send.isPending;

  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
      <Card>
        <CardHeader
          title={campaign ? 'Edit draft' : 'New campaign'}
          description="Saved drafts can be tested and sent."
        />
        <CardBody>
          <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Campaign">
            {form.formError && <Alert>{form.formError}</Alert>}
            <Input label="Subject" maxLength={150} autoComplete="off" {...form.field('subject')} />
            <MarkdownEditor
              label="Message (Markdown)"
              rows={14}
              hint={MARKDOWN_HINT}
              value={form.values.body}
              error={form.errors.body}
              onChange={(body) => form.set('body', body)}
            />
            <AudiencePicker
              value={audience}
              onChange={(next) => {
                setAudience(next);
                setAudienceError(undefined);
              }}
              error={audienceError}
            />
            <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
              <Button type="submit" variant="outline" disabled={busy}>
                {save.isPending && <Spinner label="Saving" />}
                Save draft
              </Button>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void sendTest()}>
                {test.isPending ? <Spinner label="Sending test" /> : <FlaskConical className="size-4" aria-hidden />}
                Send test to myself
              </Button>
              <Button type="button" disabled={busy} onClick={() => void askToSend()}>
                <Send className="size-4" aria-hidden />
                Send…
              </Button>
              {campaign && (
                <Button
                  type="button"
                  variant="ghost-danger"
                  className="ml-auto"
                  onClick={() => void askToDelete(campaign)}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Delete draft
                </Button>
              )}
            </div>
          </form>
        </CardBody>
      </Card>
      <Card className="min-w-0 xl:sticky xl:top-4 xl:self-start">
        <CardHeader title="Preview" description="Exactly what customers receive, greeting you as the reader." />
        <CardBody>
          {preview.error ? (
            <Alert>{errorMessage(preview.error)}</Alert>
          ) : (
            <MailPreview preview={form.values.body.trim() ? preview.data : undefined} loading={preview.isFetching} />
          )}
        </CardBody>
      </Card>
      {dialog}
    </div>
  );
}
