import { useQuery } from '@tanstack/react-query';
import { myCoupons } from '@tollgate/contract/plans/coupons';
import { call } from '#lib/api-client.ts';

export function useMyCoupons() {
  return useQuery({
    queryKey: ['coupons', 'mine'],
    queryFn: ({ signal }) => call(myCoupons, { signal }),
    select: (data) => data.coupons,
  });
}
