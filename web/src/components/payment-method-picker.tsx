import type { ReactNode } from 'react';
import { Bitcoin, CreditCard, Wallet, type LucideIcon } from 'lucide-react';
import type { PaymentMethod } from '@tollgate/contract/checkout/payments';
import { cn } from '#lib/cn.ts';
import { PAYMENT_METHOD_LABELS } from '#lib/payments.ts';

const ICONS: Record<PaymentMethod, LucideIcon> = { balance: Wallet, stripe: CreditCard, crypto: Bitcoin };

export interface PaymentOption {
  method: PaymentMethod;
  description: ReactNode;
}

/** Radio cards for the payment methods this account may use (native radios: arrow keys work). */
export function PaymentMethodPicker({
  options,
  value,
  onChange,
  error,
}: {
  options: PaymentOption[];
  value: PaymentMethod | '';
  onChange: (method: PaymentMethod) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'payment-method-error' : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">Payment method</legend>
      <div className={cn('grid gap-3', options.length > 1 && 'sm:grid-cols-2', options.length > 2 && 'xl:grid-cols-3')}>
        {options.map(({ method, description }) => {
          const Icon = ICONS[method];
          return (
            <label
              key={method}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                value === method
                  ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500 dark:bg-brand-500/10'
                  : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                // Invisible but covering the card, so a click anywhere on it is a click on the radio.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span
                className={cn(
                  'flex size-9 shrink-0 items-center justify-center rounded-lg',
                  value === method
                    ? 'bg-brand-600 text-white'
                    : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900 dark:text-white">
                  {PAYMENT_METHOD_LABELS[method]}
                </span>
                <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{description}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="payment-method-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
