import { useState, type FormEvent } from 'react';
import { legalBodySchema, SIGN_UP_DOCUMENTS, type LegalDocument } from '@tollgate/contract/general/legal';
import { LegalText } from '#components/legal-text.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveLegalDocument } from '../api/admin-legal.ts';

/** One legal text: edit on the left, the public page's rendering beside it, saved with a new version. */
export function LegalEditor({ doc }: { doc: LegalDocument }) {
  const form = useForm({ body: doc.body });
  const save = useSaveLegalDocument(doc.document);
  const [preview, setPreview] = useState(false);
  const changed = form.values.body.trim() !== doc.body.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(legalBodySchema, { body: form.values.body });
    if (!parsed) return;
    save.mutate(parsed.body, {
      onSuccess: (saved) => void notify('success', `${saved.title} saved as version ${saved.version}`),
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader
        title={doc.title}
        description={`Version ${doc.version}${doc.updatedAt ? `, saved ${formatDate(doc.updatedAt, '24h')}` : ', the text shipped with the shop'}`}
        action={
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={preview}
            onClick={() => setPreview((v) => !v)}
          >
            {preview ? 'Edit' : 'Preview'}
          </Button>
        }
      />
      <CardBody>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label={`Edit ${doc.title}`}>
          {form.formError && <Alert>{form.formError}</Alert>}
          {preview ? (
            <div
              className="max-h-[32rem] space-y-4 overflow-auto rounded-lg border border-slate-200 p-4 text-sm leading-relaxed text-slate-700 dark:border-slate-700 dark:text-slate-300 [&_h2]:mb-2 [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_ul]:list-disc [&_ul]:pl-5"
              data-testid={`preview-${doc.document}`}
            >
              <LegalText body={form.values.body} />
            </div>
          ) : (
            <Textarea
              label={`${doc.title} text`}
              rows={16}
              className="[&_textarea]:font-mono"
              hint="Blank lines separate paragraphs. Start a line with “## ” for a heading and “- ” for a list item. HTML is shown as text."
              {...form.field('body')}
            />
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending || !changed}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save {doc.title}
            </Button>
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {SIGN_UP_DOCUMENTS.some((name) => name === doc.document)
                ? 'Saving raises the version; new sign-ups record the version they accepted.'
                : 'Saving raises the version and the public page shows the new text at once.'}
            </p>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
