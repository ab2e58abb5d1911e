import { cn } from '#lib/cn.ts';
import { passwordStrength } from '#lib/password-strength.ts';

const colors = ['bg-red-500', 'bg-red-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'];
const text = [
  'text-red-600 dark:text-red-400',
  'text-red-600 dark:text-red-400',
  'text-amber-700 dark:text-amber-300',
  'text-emerald-700 dark:text-emerald-400',
  'text-emerald-700 dark:text-emerald-400',
];

/** A four-step meter under a new-password field. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <div className="mt-2" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span
            key={step}
            className={cn(
              'h-1 flex-1 rounded-full',
              password && step <= Math.max(score, 1) ? colors[score] : 'bg-slate-200 dark:bg-slate-700',
            )}
          />
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
        {label ? (
          <>
            Strength: <span className={cn('font-medium', text[score])}>{label}</span>
            {score < 3 && ' · use 12+ characters mixing upper and lower case, digits and symbols'}
          </>
        ) : (
          'At least 8 characters; longer with a mix of characters is stronger.'
        )}
      </p>
    </div>
  );
}
