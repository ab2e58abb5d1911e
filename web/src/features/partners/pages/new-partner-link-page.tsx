import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { partnerDomainSchema } from '@tollgate/contract/growth/partners';
import { PageHeader } from '#components/page-header.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useCreatePartner } from '../api/partners.ts';

/** /admin/partnerslink/new (Administrator): register a partner's domain. */
export default function NewPartnerLinkPage() {
  const form = useForm({ domain: '' });
  const create = useCreatePartner();
  const navigate = useNavigate();
  const [preview, setPreview] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domain = form.checkField('domain', partnerDomainSchema);
    if (!domain) return;
    create.mutate(domain, {
      onSuccess: (partner) => {
        void notify('success', `${partner.domain} registered. Give the partner ${partner.link}`);
        void navigate(staffPaths.admin.partnerStatistic);
      },
      onError: form.fail,
    });
  };

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="New partner link"
        description="Visitors from this domain, or through its link, are counted and the customers they become are credited to it."
      />
      <form noValidate onSubmit={submit} aria-label="New partner link" className="space-y-6">
        {form.formError && <Alert>{form.formError}</Alert>}
        <Card>
          <CardBody className="space-y-4">
            <Input
              label="Partner domain"
              placeholder="partner-blog.example"
              autoComplete="off"
              hint="Its subdomains count too. A full address is fine: only the domain is kept."
              {...form.field('domain')}
              onChange={(event) => {
                form.set('domain', event.target.value);
                const parsed = partnerDomainSchema.safeParse(event.target.value);
                setPreview(parsed.success ? parsed.data : '');
              }}
            />
            {preview && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                The partner links to{' '}
                <span className="font-mono break-all text-slate-900 dark:text-white">
                  {`${window.location.origin}/?partner=${preview}`}
                </span>
                , or simply to any page of this site from {preview}.
              </p>
            )}
          </CardBody>
        </Card>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => void navigate(staffPaths.admin.partnerStatistic)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
            Register domain
          </Button>
        </div>
      </form>
    </div>
  );
}
