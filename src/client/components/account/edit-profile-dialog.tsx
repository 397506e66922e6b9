// "Edit Profile" on /account (docs/product.md, Account page): three small forms, each saved on its
// own — the username; the email (confirmed from the new address before it replaces the old one);
// the password (the current one required; other devices are signed out).
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ChangeEmailBodySchema, ChangePasswordFormSchema, UpdateProfileBodySchema } from '../../../shared/api/account';
import type { PublicUser } from '../../../shared/api/auth';
import { changeEmail, changePassword, errorField, useAccountSession } from '../../lib/account-actions';
import { errorMessage } from '../../lib/api';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { Button } from '../ui/button';
import { AppDialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { Spinner } from '../ui/spinner';

/** One form's state: its field errors, whether it is saving, and the server's last word. */
function useSubForm<S extends z.ZodType>(schema: S, save: (values: z.output<S>) => Promise<string>, errorFieldName: string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  async function submit(e: FormEvent, values: unknown): Promise<boolean> {
    e.preventDefault();
    setDone(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      setDone(await save(parsed.data));
      return true;
    } catch (err) {
      setErrors({ [errorField(err, errorFieldName)]: errorMessage(err) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, done, submit };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Saved({ text }: { text: string | null }) {
  return (
    <p role="status" className="text-sm text-green-800">
      {text}
    </p>
  );
}

function UsernameForm({ user }: { user: PublicUser }) {
  const { renameUser } = useAccountSession();
  const [username, setUsername] = useState(user.username);
  const form = useSubForm(UpdateProfileBodySchema, async (v) => (await renameUser(v.username)).message, 'username');
  return (
    <form noValidate onSubmit={(e) => void form.submit(e, { username })} className="grid gap-3">
      <TextField id="profile-username" label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} error={form.errors.username} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={form.busy}>
          {form.busy ? <Spinner /> : null}
          Save username
        </Button>
        <Saved text={form.done} />
      </div>
    </form>
  );
}

function EmailForm({ user }: { user: PublicUser }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useSubForm(ChangeEmailBodySchema, async (v) => (await changeEmail(v)).message, 'email');
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void form.submit(e, { email, currentPassword }).then((ok) => {
          if (ok) setCurrentPassword('');
        })
      }
      className="grid gap-3"
    >
      <p className="text-sm text-slate-700">
        Your address is <span className="font-medium break-all text-slate-900">{user.email}</span>. It changes once you open the link we send to the new one.
      </p>
      <TextField id="profile-email" label="New email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={form.errors.email} />
      <TextField
        id="profile-email-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrentPassword(e.target.value)}
        error={form.errors.currentPassword}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={form.busy}>
          {form.busy ? <Spinner /> : null}
          Send confirmation link
        </Button>
        <Saved text={form.done} />
      </div>
    </form>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const form = useSubForm(ChangePasswordFormSchema, async ({ currentPassword, newPassword }) => (await changePassword({ currentPassword, newPassword })).message, 'newPassword');
  const field = (name: keyof typeof values, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`profile-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      {...(hint ? { hint } : {})}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={form.errors[name]}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void form.submit(e, values).then((ok) => {
          if (ok) setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
        })
      }
      className="grid gap-3"
    >
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password', 'At least 8 characters')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={form.busy}>
          {form.busy ? <Spinner /> : null}
          Change password
        </Button>
        <Saved text={form.done} />
      </div>
    </form>
  );
}

export function EditProfileDialog({ open, onOpenChange, user }: { open: boolean; onOpenChange: (open: boolean) => void; user: PublicUser }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Change your username, email address or password.">
      <div className="grid gap-4">
        <Section id="profile-username-title" title="Username">
          <UsernameForm user={user} />
        </Section>
        <Section id="profile-email-title" title="Email">
          <EmailForm user={user} />
        </Section>
        <Section id="profile-password-title" title="Password">
          <PasswordForm />
        </Section>
      </div>
    </AppDialog>
  );
}
