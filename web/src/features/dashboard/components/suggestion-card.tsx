import type { FormEvent } from 'react';
import { Lightbulb } from 'lucide-react';
import { sendSuggestion } from '@tollgate/contract/suggestions/suggestions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSendSuggestion, useSuggestionsAllowed } from '../api/suggestions.ts';

const MAX = 2000;
// The contract's own body schema (defined for this endpoint, so never undefined).
const bodySchema = sendSuggestion.body!;

/** One idea a day for the team (the server keeps the count per UTC day). */
export function SuggestionCard() {
  const allowed = useSuggestionsAllowed();
  const send = useSendSuggestion();
  const form = useForm({ suggestion: '' });
  const closed = allowed.data?.allowed === false;
  const length = form.values.suggestion.trim().length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(bodySchema, { suggestion: form.values.suggestion });
    if (!parsed) return;
    send.mutate(parsed.suggestion, {
      onSuccess: () => {
        void notify('success', sendSuggestion.message);
        form.reset();
      },
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader title="Suggest an improvement" description="Tell us what would make Tollgate better for you." />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Suggestion" className="space-y-3">
          {form.formError && <Alert>{form.formError}</Alert>}
          {closed && (
            <Alert tone="info" title="Thank you for today’s suggestion">
              You can send one suggestion a day
              {allowed.data?.nextAllowedAt ? `; the next from ${formatDate(allowed.data.nextAllowedAt, '24h')}` : ''}.
            </Alert>
          )}
          <Textarea
            label="Your suggestion"
            rows={4}
            maxLength={MAX}
            disabled={closed}
            hint={`${length} / ${MAX} characters, at least 10.`}
            {...form.field('suggestion')}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={closed || send.isPending || allowed.isPending}>
              {send.isPending ? (
                <Spinner label="Sending" className="[&_svg]:text-white" />
              ) : (
                <Lightbulb className="size-4" aria-hidden="true" />
              )}
              Send
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
