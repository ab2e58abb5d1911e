import { escapeHtml } from '@tollgate/contract/content/escape-html';

/** The sandbox's hosted checkout: a plain page of its own, as a provider's would be. */
export function sandboxPage(input: {
  siteName: string;
  paymentId: string;
  /** The payer's ticket, carried to the Pay and Cancel buttons. */
  ticket: string;
  description: string;
  amount: string;
  status: string;
}): string {
  const open = input.status === 'pending';
  const action = (what: string) =>
    escapeHtml(
      `/api/v1/payments/sandbox/${encodeURIComponent(input.paymentId)}/${what}?ticket=${encodeURIComponent(input.ticket)}`,
    );
  return shell(
    input.siteName,
    'Sandbox checkout',
    `<p>${escapeHtml(input.siteName)}: ${escapeHtml(input.description)}</p>
  <div class="amount">$${escapeHtml(input.amount)}</div>
  ${
    open
      ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay $${escapeHtml(input.amount)}</button></form>
  <form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel payment</button></form>`
      : `<p>This payment is ${escapeHtml(input.status)}.</p>`
  }`,
  );
}

/**
 * The sandbox's card-saving page (auto top-up, ADR 034): like Checkout in setup mode it charges
 * nothing; its buttons save a test card that is always charged or one that is always declined.
 */
export function sandboxCardPage(input: { siteName: string; setupId: string; query: string }): string {
  const action = (card: string) =>
    escapeHtml(`/api/v1/payments/sandbox/card/${encodeURIComponent(input.setupId)}/${card}?${input.query}`);
  return shell(
    input.siteName,
    'Save a card',
    `<p>${escapeHtml(input.siteName)} will charge this card when your balance runs low (auto top-up). Nothing is charged now.</p>
  <form method="post" action="${action('4242')}"><button class="pay" type="submit">Save test card ···· 4242</button></form>
  <form method="post" action="${action('0002')}"><button class="cancel" type="submit">Save a card that is declined (···· 0002)</button></form>`,
  );
}

function shell(siteName: string, title: string, inner: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
    background: #f4f5f7; color: #14161a; }
  main { width: min(420px, calc(100vw - 32px)); background: #fff; border-radius: 16px; padding: 28px;
    box-shadow: 0 10px 30px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: 12px; font-weight: 600; padding: 2px 10px; border-radius: 999px;
    background: #fff4d6; color: #7a5200; }
  h1 { font-size: 22px; margin: 12px 0 4px; }
  .amount { font-size: 34px; font-weight: 700; margin: 16px 0 4px; }
  p { color: #5b6170; margin: 4px 0; }
  form { margin: 0; }
  button { width: 100%; border: 0; border-radius: 10px; padding: 12px; font: inherit; font-weight: 600; cursor: pointer; margin-top: 12px; }
  .pay { background: #4f46e5; color: #fff; }
  .cancel { background: transparent; color: #5b6170; border: 1px solid #d7dae0; }
  button:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #0f1115; color: #e8eaef; } main { background: #181b21; box-shadow: none; }
    p { color: #a0a6b3; } .cancel { color: #c5cad4; border-color: #333843; }
  }
</style>
</head>
<body>
<main>
  <span class="badge">Test mode: no real money moves</span>
  <h1>${escapeHtml(title)}</h1>
  ${inner}
</main>
</body>
</html>`;
}
