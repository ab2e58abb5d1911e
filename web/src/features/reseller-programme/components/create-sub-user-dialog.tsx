import type { FormEvent } from 'react';
import { z } from 'zod';
import { emailSchema, usernameSchema } from '@tollgate/contract/auth/credentials';
import { resellerCreateSubUser } from '@tollgate/contract/reseller/sub-users';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useResellerSource } from '../api/source.ts';

const newSubUserSchema = z.object({ username: usernameSchema, email: emailSchema });

/** Username and email (spec §3); the sub-user gets a link by email to choose a password. */
export function CreateSubUserDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const create = useResellerSource().useCreateSubUser();
  const form = useForm({ username: '', email: '' });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = newSubUserSchema.safeParse(form.values);
    if (!body.success) return form.invalid(body.error.issues);
    form.clear();
    create.mutate(body.data, {
      onSuccess: (created) => {
        // Spec §8: the exact words.
        void notify('success', resellerCreateSubUser.message);
        form.reset();
        onCreated(created.id);
      },
      onError: form.fail,
    });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New sub-user"
      description="They get an email with a link to choose a password, then sign in to their own customer area."
    >
      <form noValidate onSubmit={submit} aria-label="New sub-user" className="space-y-4">
        <Input label="Username" autoComplete="off" maxLength={32} {...form.field('username')} />
        <Input label="Email" type="email" autoComplete="off" maxLength={254} {...form.field('email')} />
        {form.formError && <Alert>{form.formError}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending && <Spinner label="Creating" className="[&_svg]:text-white" />}
            Create sub-user
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
