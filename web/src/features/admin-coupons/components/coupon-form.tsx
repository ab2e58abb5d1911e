import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  COUPON_PROCESSORS,
  COUPON_PRODUCTS,
  COUPON_TYPES,
  couponInputSchema,
  createCoupon,
  updateCoupon,
} from '@tollgate/contract/plans/coupons';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { COUPON_PROCESSOR_LABELS, COUPON_PRODUCT_LABELS, COUPON_TYPE_LABELS } from '#lib/coupon-labels.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveCoupon } from '../api/admin-coupons.ts';
import { toCouponInput, type CouponFormValues } from '../utils/coupon-form-values.ts';
import { AccountPicker, type PickedAccount } from './account-picker.tsx';

/** Every couponInputSchema field, validated with the contract schema before it is sent. */
export function CouponForm({ initial, couponId }: { initial: CouponFormValues; couponId?: string }) {
  const form = useForm(initial);
  const save = useSaveCoupon(couponId);
  const navigate = useNavigate();
  const [account, setAccount] = useState<PickedAccount | null>(initial.userId ? { id: initial.userId } : null);
  const { field, values } = form;
  const personal = values.couponType === 'personal_code';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = couponInputSchema.safeParse(toCouponInput(values));
    if (!parsed.success) {
      const extra = personal && !values.userId ? { userId: 'Choose the account for this personal code' } : {};
      form.invalid(parsed.error.issues, extra);
      return;
    }
    form.clear();
    save.mutate(parsed.data, {
      onSuccess: () => {
        void notify('success', couponId ? updateCoupon.message : createCoupon.message);
        void navigate(staffPaths.admin.coupons);
      },
      onError: form.fail,
    });
  };

  const pick = (next: PickedAccount | null) => {
    setAccount(next);
    form.setValues((current) => ({ ...current, userId: next?.id ?? '' }));
  };

  return (
    <form noValidate onSubmit={submit} aria-label={couponId ? 'Edit coupon' : 'New coupon'} className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Code"
            autoComplete="off"
            hint="Letters, digits, dash and underscore; unique whatever the case."
            className="[&_input]:font-mono"
            {...field('code')}
          />
          <Input label="Discount (%)" inputMode="decimal" hint="Up to two decimals." {...field('discount')} />
          <Input label="Usages left" type="number" inputMode="numeric" min={0} {...field('usages')} />
          <Input
            label="Uses per customer"
            type="number"
            inputMode="numeric"
            min={1}
            hint="Leave empty for no per-customer limit."
            {...field('perCustomerLimit')}
          />
          <Input
            label="Valid until"
            type="datetime-local"
            hint="Your local time. Leave empty for no end date."
            {...field('validityPeriod')}
          />
          <Select label="Valid for product" {...field('product')}>
            {COUPON_PRODUCTS.map((product) => (
              <option key={product} value={product}>
                {COUPON_PRODUCT_LABELS[product]}
              </option>
            ))}
          </Select>
          <Select label="Payment processor" {...field('paymentProcessor')}>
            {COUPON_PROCESSORS.map((processor) => (
              <option key={processor} value={processor}>
                {COUPON_PROCESSOR_LABELS[processor]}
              </option>
            ))}
          </Select>
          <Select label="Coupon type" {...field('couponType')}>
            {COUPON_TYPES.map((type) => (
              <option key={type} value={type}>
                {COUPON_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
          {personal && (
            <div className="sm:col-span-2">
              <AccountPicker account={account} error={form.errors.userId} onChange={pick} />
            </div>
          )}
          <div className="sm:col-span-2">
            <Switch
              label="Promotion"
              description="Promotions are shown to every customer under My coupons."
              checked={values.isPromotion === 'true'}
              onChange={(on) => form.setValues((current) => ({ ...current, isPromotion: String(on) }))}
            />
          </div>
        </CardBody>
      </Card>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => void navigate(staffPaths.admin.coupons)}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          {couponId ? 'Save changes' : 'Create coupon'}
        </Button>
      </div>
    </form>
  );
}
