import { ORDERS_PAGE_SIZE } from '@tollgate/contract/reseller/reseller-panel';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { paths } from '#lib/paths.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useOrders } from '../api/panel.ts';
import { orderColumns } from '../components/order-columns.tsx';

const columns = orderColumns((id) => paths.resellerPanel.subUser.replace(':id', encodeURIComponent(id)));

/** /reseller/panel/orders (ADR 044): every plan bought, GB added and extension, paid from the balance. */
export default function PanelOrdersPage() {
  const params = useListParams({});
  const list = useOrders({ page: params.page, search: params.search });
  return (
    <>
      <PageHeader
        title="Orders"
        description="Plans you bought or sold to your sub-users, GB added and extensions, each paid from your balance."
      />
      <ListPage
        params={params}
        query={list}
        caption="Orders"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={ORDERS_PAGE_SIZE}
        searchPlaceholder="Search orders"
        emptyTitle="No orders yet"
        emptyDescription="Sell a sub-user a plan, or order through the reseller API: each order shows here."
      />
    </>
  );
}
