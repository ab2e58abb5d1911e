import type { FormEvent, ReactNode } from 'react';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';

/** The frame of one small staff tool: a titled card, its fields, one submit and extra buttons. */
export function ToolForm({
  title,
  description,
  label,
  formError,
  onSubmit,
  submitLabel,
  busy,
  extra,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** The form's accessible name. */
  label: string;
  formError?: string;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  busy: boolean;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody>
        <form noValidate onSubmit={onSubmit} aria-label={label} className="space-y-4">
          {formError && <Alert>{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">{children}</div>
          <div className="flex flex-wrap justify-end gap-2">
            {extra}
            <Button type="submit" variant="outline" disabled={busy}>
              {busy && <Spinner label="Working" />}
              {submitLabel}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
