// The one list of pages shared by the screenshot walk (screenshots.mjs) and the accessibility
// scan (specs/accessibility.spec.ts), so every new screen is photographed and held to axe alike.

import { deflateSync } from 'node:zlib';
import { ACCOUNTS } from './accounts.mjs';

// A well-formed link token that the server does not know: the pages show their form or their error.
export const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';

const DEMO_PLANS = [
  {
    title: 'Residential Rotating',
    type: 'residential',
    description: 'Ethically sourced residential IPs that rotate on every request or stay sticky for up to 30 minutes.',
    bandwidthPrices: '[{"value":1,"price":3.5},{"value":50,"price":3},{"value":250,"price":2.5}]',
    serverGeo: '190+ countries',
    order: 1,
  },
  {
    title: 'Mobile 4G/5G',
    type: 'mobile',
    description: 'Real carrier IPs from mobile networks, the hardest traffic to block.',
    bandwidthPrices: '[{"value":1,"price":6},{"value":25,"price":5.5}]',
    serverGeo: 'US, UK and Germany',
    serverGeoOptions: 'US, GB, DE',
    order: 2,
  },
  {
    title: 'Static ISP',
    type: 'isp',
    description: 'Ten static ISP addresses that stay yours for the whole month.',
    price: 15,
    serverGeo: 'United States',
    serverGeoOptions: 'US',
    order: 3,
  },
  {
    title: 'Datacenter Unlimited',
    type: 'datacenter',
    description: 'Unmetered datacenter proxies, priced per concurrent thread.',
    threadPrices: '[{"value":10,"price":0.8},{"value":100,"price":0.6}]',
    throughput: 100,
    order: 4,
  },
  {
    title: 'IPv6 Rotating',
    type: 'ipv6',
    description: 'A fresh IPv6 address per connection for IPv6-ready targets.',
    bandwidthPrices: '[{"value":1,"price":0.9}]',
    order: 5,
  },
  {
    title: 'Residential trial',
    type: 'residential',
    description: 'One gigabyte for one day to try the residential network.',
    price: 1.99,
    duration: 1,
    minRenewDays: 1,
    maxRenewDays: 1,
    bandwidth: 1,
    trial: true,
    order: 0,
  },
];

/** A 16 x 16 gradient PNG: the image the demo ticket and the ticket specs attach. */
export const DEMO_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAB3klEQVR42g3LIc6GIACA4f843wE8gAfwAIzoSCZmdCQTIzISiRmZyeSMjPDOxMwe5vfpz99P0kl6ySAREiXREiOxkiBJkl1ySqqkSV7J32+kG+lHhhExokb0iBmxI2Ekjewj50gdaSPv+IWJbqKfGCbEhJrQE2bCToSJNLFPnBN1ok280xdmupl+ZpgRM2pGz5gZOxNm0sw+c87UmTbzzl9Y6Bb6hWFBLKgFvWAW7EJYSAv7wrlQF9rCu3xhpVvpV4YVsaJW9IpZsSthJa3sK+dKXWkr7/oFR+foHYNDOJRDO4zDOoIjOXbH6aiO5njdFzydp/cMHuFRHu0xHusJnuTZPaeneprn9V+IdJE+MkREREV0xERsJERSZI+ckRppkTd+YaPb6DeGDbGhNvSG2bAbYSNt7BvnRt1oG+/2hUyX6TNDRmRURmdMxmZCJmX2zJmpmZZ58xcOuoP+YDgQB+pAH5gDexAO0sF+cB7Ug3bwHl+46C76i+FCXKgLfWEu7EW4SBf7xXlRL9rFe32h0BX6wlAQBVXQBVOwhVBIhb1wFmqhFd7yhZvupr8ZbsSNutE35sbehJt0s9+cN/Wm3bz3Fx66h/5heBAP6kE/mAf7EB7Sw/5wPtSH9vA+/ANfBeAQPyK7DgAAAABJRU5ErkJggg==';

const DEMO_TICKET = {
  subject: 'Residential proxies answer 407 since this morning',
  category: 'proxies',
  message:
    'Since about 08:00 UTC every request through my residential plan answers 407 Proxy Authentication Required.\n\nI test with curl against https://example.com/status and the screenshot shows the error. Nothing changed on my side.',
};

/** The customer's demo ticket about its plan, with an image, a staff answer and an internal note; answers its id. */
async function prepareTicket(request, api, signIn, planId) {
  const mine = (await api('customer', 'GET', '/api/v1/public/ticket?size=50')).items;
  const existing = mine.find((ticket) => ticket.subject === DEMO_TICKET.subject);
  if (existing) return existing._id;
  const { accessToken } = await signIn('customer');
  const uploaded = await request.post('/api/v1/public/ticket-attachments', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      file: { name: 'error-407.png', mimeType: 'image/png', buffer: Buffer.from(DEMO_PNG_BASE64, 'base64') },
    },
  });
  if (!uploaded.ok()) throw new Error(`ticket image upload: ${uploaded.status()} ${await uploaded.text()}`);
  const image = (await uploaded.json()).payload;
  const ticket = await api('customer', 'POST', '/api/v1/public/ticket', {
    ...DEMO_TICKET,
    planId,
    attachmentIds: [image.id],
  });
  await api('admin', 'POST', '/api/v1/admin/ticket', {
    ticketId: ticket._id,
    internal: true,
    message:
      'Checked the gateway logs: the plan is active, the customer sends an old password. See https://example.com/runbook/407',
  });
  await api('admin', 'POST', '/api/v1/admin/ticket', {
    ticketId: ticket._id,
    message:
      'Thanks for the screenshot. Your proxy password was rotated yesterday; copy the new one from the generator page and the 407 goes away.',
  });
  return ticket._id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A 1200 x 600 blue-violet gradient PNG made here: the demo blog banner (the blog spec uploads it too). */
export function demoBannerPng(width = 1200, height = 600) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      raw[i] = 40 + Math.round((80 * x) / width);
      raw[i + 1] = 60 + Math.round((60 * y) / height);
      raw[i + 2] = 200 - Math.round((40 * x) / width);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const DEMO_POST = {
  title: 'How to set up rotating residential proxies in your scraper',
  slugvalue: 'rotating-residential-proxies-setup',
  author: 'Tollgate team',
  excerpt:
    'Host, port, credentials and sticky sessions: everything a scraper needs to use rotating residential proxies well.',
  description: [
    'Rotating residential proxies give every request a new household IP address. This guide shows where each value from the **generator** goes.',
    '## Get your proxy details',
    'Open the generator of your plan and copy the host, the port and your proxy username and password.',
    '- Host: the gateway address shown in the generator',
    '- Port: `8000` for HTTP, `1080` for SOCKS5',
    '- Username and password: your plan credentials',
    '## Configure the scraper',
    '### Python requests',
    '```\nproxies = {"https": "http://USER:PASS@HOST:8000"}\nrequests.get("https://example.com", proxies=proxies)\n```',
    '### Sticky sessions',
    'Add a session id to the username to keep one IP for up to 30 minutes. See the [sticky proxies guide](/guide/sticky-proxies).',
    '> Tip: rotate per request for search results, keep sessions for logins and carts.',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  ].join('\n\n'),
  conclusion: 'Rotation per request for breadth, sticky sessions for state: pick per target and measure success rates.',
  faq: [
    { question: 'How often does the IP change?', answer: 'On every request, unless you ask for a sticky session.' },
    { question: 'Can I choose the country?', answer: 'Yes: pick it in the generator or add it to the username.' },
  ],
  status: 'published',
};

/** The demo blog: a category and one published post with a banner; answers the post's id and slug. */
async function prepareBlog(request, api, signIn) {
  const existing = (await api('admin', 'GET', `/api/v1/admin/blogs?search=${DEMO_POST.slugvalue}`)).items[0];
  if (existing) return existing;
  const findCategory = async () =>
    (await api('admin', 'GET', '/api/v1/admin/categories?size=0')).items.find((item) => item.slug === 'proxy-guides');
  // Two parallel workers may both find it missing: the one that lost the race finds it now.
  const category =
    (await findCategory()) ??
    (await api('admin', 'POST', '/api/v1/admin/categories', { name: 'Proxy guides', slug: 'proxy-guides' }).catch(
      findCategory,
    ));
  const { accessToken } = await signIn('admin');
  const made = await request.post('/api/v1/admin/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: {
      data: JSON.stringify({ ...DEMO_POST, category: [category.id] }),
      banner: { name: 'banner.png', mimeType: 'image/png', buffer: demoBannerPng() },
    },
  });
  const body = await made.json();
  // Two parallel workers may race to make it: the loser finds the winner's post.
  if (!made.ok()) return (await api('admin', 'GET', `/api/v1/admin/blogs?search=${DEMO_POST.slugvalue}`)).items[0];
  return body.payload;
}

/**
 * Demo plans, a promotion and one paid purchase of the customer, so the money screens have
 * something to show. `signIn(account)` answers the sign-in payload of 'admin' or 'customer'.
 */
const DEMO_CAMPAIGN = `## Residential pool now in 190+ countries

We added **two million** new residential IPs this month, with city targeting in every EU capital.

- 10% off residential plans this week with code \`SPRING10\`
- Sticky sessions now last up to 60 minutes

[See the plans](https://tollgate.example/pricing) and tell us what you build with them.`;

/** A campaign sent to the demo customer and a draft, so the mail sender shows progress and a composer. */
async function prepareCampaigns(api, signIn) {
  const find = async (search) =>
    (await api('admin', 'GET', `/api/v1/admin/mail-sender?search=${encodeURIComponent(search)}`)).items[0];
  let sent = await find('Spring news');
  if (!sent) {
    // The customer these pages sign in as opts in to news and is the campaign's one recipient.
    await api('customer', 'PATCH', '/api/v1/public/email-subscription', { subscribed: true });
    const { user } = await signIn('customer');
    const draft = await api('admin', 'POST', '/api/v1/admin/mail-sender', {
      subject: 'Spring news: 190+ countries and 10% off',
      body: DEMO_CAMPAIGN,
      audience: { kind: 'account', account: user.username },
    });
    sent = await api('admin', 'POST', `/api/v1/admin/mail-sender/${draft.id}/send`);
  }
  const draft =
    (await find('Mobile 5G')) ??
    (await api('admin', 'POST', '/api/v1/admin/mail-sender', {
      subject: 'Mobile 5G proxies in 12 new countries',
      body: 'Hello from the mobile team.\n\nOur **5G** network now covers *twelve* more countries.',
      audience: { kind: 'all' },
    }));
  return { campaignId: sent.id, campaignDraftId: draft.id };
}

export async function prepareShop(request, signIn) {
  const api = async (account, method, url, data) => {
    const { accessToken } = await signIn(account);
    const response = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${accessToken}` } });
    const body = await response.json();
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${body.message}`);
    return body.payload;
  };
  // A fresh server seeds its own demo catalogue; these only fill a shop that has none.
  const plans = (await api('admin', 'GET', '/api/v1/admin/plans?size=100')).items;
  if (plans.length === 0) {
    for (const plan of DEMO_PLANS) {
      const defaults = {
        price: 0,
        duration: 30,
        minRenewDays: 1,
        maxRenewDays: 90,
        bandwidth: 0,
        throughput: 0,
        threads: 0,
      };
      plans.push(await api('admin', 'POST', '/api/v1/admin/plans', { ...defaults, provider: 'demo', ...plan }));
    }
  }
  const coupons = (await api('admin', 'GET', '/api/v1/admin/coupons?search=SPRING10')).items;
  if (coupons.length === 0) {
    await api('admin', 'POST', '/api/v1/admin/coupons', {
      code: 'SPRING10',
      usages: 500,
      discount: 10,
      product: 'residential',
      isPromotion: true,
      validityPeriod: new Date(Date.now() + 60 * 86_400_000).toISOString(),
    }).catch(async (error) => {
      // Two parallel workers may both find it missing: the one that lost the race finds it now.
      if ((await api('admin', 'GET', '/api/v1/admin/coupons?search=SPRING10')).items.length === 0) throw error;
    });
  }
  const residential = plans.find((plan) => plan.type === 'residential' && plan.bandwidthPrices && !plan.trial);
  const paidPurchase = async () =>
    (await api('customer', 'GET', '/api/v1/public/invoices?size=100')).items.find(
      (item) => item.kind === 'purchase' && item.status === 'paid',
    );
  let invoice = await paidPurchase();
  if (!invoice) {
    const customer = await signIn('customer');
    await api('admin', 'PATCH', `/api/v1/admin/accounts/${customer.user.id}/balance`, {
      balanceToAddOrSub: 100,
      reason: 'Screenshot demo balance',
    });
    await api('customer', 'POST', `/api/v1/public/plans/${residential.id}/purchase`, {
      value: 10,
      country: 'US',
      coupon: 'SPRING10',
      paymentMethod: 'balance',
    });
    invoice = await paidPurchase();
  }
  const customerId = (await signIn('customer')).user.id;
  // The demo reseller, with prices, so the reseller screens show a priced account.
  const [reseller] = (await api('admin', 'GET', '/api/v1/admin/Raccounts?search=reseller%40tollgate.local')).items;
  if (reseller && reseller.resiprice === null) {
    await api('admin', 'PATCH', `/api/v1/admin/reseller/${reseller.id}`, {
      resiprice: 2.5,
      dataprice1: 0.2,
      dataprice7: 0.9,
      dataprice30: 2,
      ispprice: 3.15,
      value: 10,
      reason: 'Screenshot demo prices',
    });
  }
  await prepareApplications(api);
  await prepareAutomation(request, api, invoice.subscriptionId);
  const memberSubUserId = await prepareMember(request, api, signIn, residential.id);
  // The demo reseller's seeded sub-user (ADR 044), as its reseller panel lists it.
  const [resellerClient] = (await api('reseller', 'GET', '/api/v1/reseller-panel/sub-users?search=reseller_client'))
    .items;
  const ticketId = await prepareTicket(request, api, signIn, invoice.subscriptionId);
  const blogPost = await prepareBlog(request, api, signIn);
  const campaigns = await prepareCampaigns(api, signIn);
  await prepareStaffInbox(api, customerId);
  return {
    ...campaigns,
    ticketId,
    blogPostId: blogPost.id,
    blogPostSlug: blogPost.slugvalue,
    planId: residential.id,
    billId: invoice.subscriptionId,
    invoiceId: invoice.id,
    resellerId: reseller?.id ?? '00000000-0000-4000-8000-000000000000',
    customerId,
    memberSubUserId,
    resellerSubUserId: resellerClient?.id ?? '00000000-0000-4000-8000-000000000000',
  };
}

/**
 * What the approvals and suggestions screens list: a Manager's credit above its $500 bound, waiting on
 * the customer's account (ADR 048/049), and one suggestion from the customer (one a day, so a second
 * run or a parallel worker finds it already sent).
 */
async function prepareStaffInbox(api, customerId) {
  const pending = await api('admin', 'GET', `/api/v1/admin/change-requests?accountId=${customerId}&status=pending`);
  if (pending.length === 0) {
    await api('manager', 'PATCH', `/api/v1/admin/accounts/${customerId}/balance`, {
      balanceToAddOrSub: 750,
      reason: 'Refund of the yearly plan bought twice on 2 December',
    });
  }
  await api('customer', 'POST', '/api/v1/public/suggestions', {
    suggestion: 'A per-country breakdown of my bandwidth on the usage page would help me plan renewals.',
  }).catch((error) => {
    if (!String(error.message).includes('already sent a suggestion')) throw error;
  });
}

const MEMBER_TERMS = {
  resiprice: 2.5,
  mobileprice: 5,
  dataprice1: 0.2,
  dataprice7: 0.9,
  dataprice30: 2,
  ispprice: 3.15,
  gbvalue: 50,
  ipv6white: 10,
  datawhite: 10,
  value: 10,
};

/**
 * The demo programme member (ADR 042): signed up and verified, applied and approved, with a
 * balance, a sub-user and a residential plan sold to them; answers the sub-user's id. Parallel
 * workers may race through it: each step accepts that another worker got there first.
 */
async function prepareMember(request, api, signIn, residentialPlanId) {
  const { username, email, password } = ACCOUNTS.member;
  const login = () => request.post('/api/v1/auth/login', { data: { login: username, password } });
  if (!(await login()).ok()) {
    await request.post('/api/v1/auth/register', { data: { username, email, password, acceptTerms: true } });
    for (let tries = 0; tries < 50; tries += 1) {
      const mails = await (await request.get('/dev/mailbox.json')).json();
      const link = mails
        .find((mail) => mail.to === email && mail.links.some((l) => l.includes('/verify-email/process/')))
        ?.links.find((l) => l.includes('/verify-email/process/'));
      if (link) {
        await request.post(`/api/v1/auth/verify-email/${link.split('/').at(-1)}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const standing = () => api('member', 'GET', '/api/v1/public/reseller-dashboard');
  let state = await standing();
  if (!state.dashboard) {
    if (state.status !== 'pending')
      await api('member', 'POST', '/api/v1/public/reseller', {
        resellerRequestFormResponses: {
          company: 'Proxy Corner',
          website: 'https://proxycorner.example',
          products: ['residential', 'mobile', 'isp'],
          monthlyVolume: '100-1000',
          channel: 'website',
          message: 'We sell to scraping teams in Europe through our own shop and a Telegram bot.',
        },
      }).catch(() => undefined);
    const open = await api(
      'admin',
      'GET',
      `/api/v1/admin/reseller-applications?status=pending&search=${encodeURIComponent(email)}`,
    );
    for (const item of open.items)
      await api('admin', 'POST', `/api/v1/admin/reseller-applications/${item.id}/approve`, MEMBER_TERMS).catch(
        () => undefined,
      );
    const { user } = await signIn('member');
    await api('admin', 'PATCH', `/api/v1/admin/accounts/${user.id}/balance`, {
      balanceToAddOrSub: 200,
      reason: 'Screenshot demo reseller balance',
    });
    state = await standing();
  }
  const find = async () => (await api('member', 'GET', '/api/v1/reseller/sub-users?search=member_client')).items[0];
  let subUser = await find();
  if (!subUser) {
    await api('member', 'POST', '/api/v1/reseller/sub-users', {
      username: 'member_client',
      email: 'member.client@example.com',
    }).catch(() => undefined);
    subUser = await find();
    const { accessToken } = await signIn('member');
    await request.post(`/api/v1/reseller/sub-users/${subUser.id}/plans`, {
      headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `demo-sale-${subUser.id}` },
      data: { planId: residentialPlanId, region: 'US', bandwidth: 10, days: 30 },
    });
  }
  return subUser.id;
}

/**
 * Reseller programme applications for the staff screen (ADR 042): one refused, one open. The staff
 * demo accounts apply (the customer area is open to them), so the demo customer's own reseller
 * dashboard stays untouched for its screenshots.
 */
async function prepareApplications(api) {
  const answers = (company, message) => ({
    resellerRequestFormResponses: {
      company,
      website: 'https://example.com',
      products: ['residential', 'datacenter'],
      monthlyVolume: '1000-10000',
      channel: 'bot',
      message,
    },
  });
  const statusOf = async (account) => (await api(account, 'GET', '/api/v1/public/reseller-dashboard')).status;
  // Parallel workers may both find no application: the one that lost the race finds the other's (null).
  const applyOnce = (account, body) =>
    api(account, 'POST', '/api/v1/public/reseller', body).catch(async (error) => {
      if ((await statusOf(account)) === 'none') throw error;
      return null;
    });
  if ((await statusOf('support')) === 'none') {
    const applied = await applyOnce(
      'support',
      answers('Side Project', 'Testing the waters with a few friends who need proxies.'),
    );
    if (applied)
      await api('admin', 'POST', `/api/v1/admin/reseller-applications/${applied.id}/reject`, {
        reason: 'Come back once you have paying customers.',
      });
  }
  if ((await statusOf('manager')) === 'none')
    await applyOnce(
      'manager',
      answers('Proxy Shop Ltd', 'We run a Telegram bot for scraping teams, about 400 paying users a month.'),
    );
}

/**
 * The customer's alerts, webhooks and auto top-up (issue 18): two GB alerts and a balance alert, a
 * webhook whose test event is still being retried, and auto top-up on with the sandbox test card.
 */
async function prepareAutomation(request, api, planId) {
  if ((await api('customer', 'GET', '/api/v1/public/alerts')).items.length === 0) {
    const rule = (kind, threshold, more = {}) =>
      api('customer', 'POST', '/api/v1/public/alerts', { kind, threshold, email: true, webhook: true, ...more });
    await rule('bandwidth_percent', 80, { subscriptionId: planId });
    await rule('bandwidth_percent', 95, { subscriptionId: null, email: false });
    await rule('expiry_days', 3, { webhook: false });
    await rule('balance_below', 10);
  }
  if ((await api('customer', 'GET', '/api/v1/public/webhooks')).items.length === 0) {
    const hook = await api('customer', 'POST', '/api/v1/public/webhooks', {
      url: 'https://hooks.example.com/tollgate',
      description: 'Scraper fleet',
    });
    // No network here: the test event is refused and waits for its retry, as the log then shows.
    await api('customer', 'POST', `/api/v1/public/webhooks/${hook.id}/test`);
  }
  const topup = await api('customer', 'GET', '/api/v1/public/auto-topup');
  if (!topup.card) {
    const { checkoutUrl } = await api('customer', 'POST', '/api/v1/public/auto-topup/card');
    const url = new URL(checkoutUrl);
    await request.post(`${url.pathname}/4242${url.search}`, { maxRedirects: 0 });
    await api('customer', 'PUT', '/api/v1/public/auto-topup', {
      enabled: true,
      threshold: 10,
      amount: 25,
      dailyCount: 2,
      monthlyCap: 200,
    });
  }
}

/**
 * A listed page as one row: `by.admin(name, path, waitFor, more)` is seen signed in as the demo
 * admin (`by.visitor`: signed out); `more` holds what to do before the picture (`act`), extra
 * storage keys and `viewportOnly`.
 */
const by = Object.fromEntries(
  ['visitor', 'customer', 'admin', 'support', 'member', 'reseller'].map((who) => [
    who,
    (name, path, waitFor, more = {}) => ({
      name,
      path,
      ...(who === 'visitor' ? {} : { account: who }),
      ...(waitFor ? { waitFor } : {}),
      ...more,
    }),
  ]),
);

/** What several pages do before the picture. */
const openBell = async (page) => {
  await page.getByTestId('notification-bell').click();
  await page.getByRole('region', { name: 'Notifications' }).waitFor();
};
/** Clicks the first visible button so named and waits for its dialog. */
const opensDialog = (button, dialog) => async (page) => {
  await page.getByRole('button', { name: button }).first().click();
  await page.getByRole('dialog', dialog).waitFor();
};
/** Opens the first visible row's actions (at 375 px the rows are cards) and picks `item`. */
const rowAction = (item, dialog) => async (page) => {
  await opensMenu(page);
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('dialog', dialog).waitFor();
};
const opensMenu = (page) =>
  page
    .getByRole('button', { name: /^Actions for/ })
    .filter({ visible: true })
    .first()
    .click();
const mailPreview = (page) => page.frameLocator('[data-testid=mail-preview]').getByText('Hi admin,').waitFor();
/** The sale of `gb` GB of the demo residential plan filled in, not sent. */
const sellPlan = (gb) => async (page) => {
  await page.getByRole('button', { name: 'Sell a plan' }).click();
  const form = page.getByRole('form', { name: 'Sell a plan' });
  await form.getByLabel('Plan').selectOption({ label: 'Residential Rotating (Residential)' });
  await form.getByLabel('Country').selectOption('US');
  await form.getByLabel('Bandwidth (GB)').fill(gb);
  await form.getByTestId('sell-estimate').waitFor();
};

/**
 * Every screen the screenshot walk shows and the accessibility scan checks, with the account that
 * sees it (none: signed out), the text that says it has loaded, and what to do before the picture.
 */
export const pagesFor = (shop) => [
  by.visitor('home', '/'),
  by.visitor('pricing', '/pricing', 'Price calculator'),
  by.visitor('terms', '/terms', 'Terms of Service'),
  by.visitor('acceptable-use', '/acceptable-use', 'Acceptable Use Policy'),
  by.visitor('404', '/this-page-does-not-exist'),
  by.visitor('login', '/login'),
  by.visitor('register', '/register?ref=FRIEND10', 'Create your account'),
  by.visitor('register-for-plan', `/register?next=/purchase-plan/${shop.planId}/5`, 'I accept the'),
  by.visitor('verify-email', '/verify-email?email=new.customer%40example.com', 'Check your inbox'),
  by.visitor('verify-email-process-error', `/verify-email/process/${TOKEN}`, 'could not verify'),
  by.visitor('forgot-password', '/forgot-password', 'Forgot your password?'),
  by.visitor('forgot-password-sent', '/forgot-password-link-sent-successfully', 'Check your email'),
  by.visitor('change-password', `/change-password/${TOKEN}`, 'Choose a new password'),
  by.visitor('change-password-welcome', `/change-password/${TOKEN}?welcome=1`, 'Welcome! Choose your password'),
  by.visitor('password-changed', '/password-changed-successfully', 'Password changed'),
  by.visitor('two-step-verification', `/2-step-verification/${TOKEN}`, 'Two-step verification'),
  by.visitor('verify-account-conversion-error', `/verify-account-conversion/${TOKEN}`, 'could not link Google'),
  by.visitor(
    'email-subscription-cancel-error',
    '/email-subscription/cancel?token=not-a-real-unsubscribe-token',
    'could not unsubscribe',
  ),
  by.customer('my-profile', '/my-profile', 'This device'),
  by.customer('dashboard', '/dashboard', 'Announcements'),
  by.customer('api-docs', '/api-docs', 'API documentation'),
  by.visitor('customer-proxy-list', '/customer-proxy-list', 'Try it'),
  by.customer('publicapi-usage-logs', '/publicapi-usage-logs', 'Try it'),
  by.visitor('reseller-docs', '/reseller', 'Rate limits'),
  by.visitor('reseller-purchase', '/reseller/purchase', 'Try it'),
  by.visitor('reseller-proxy-list-residential', '/reseller/proxy-list/residential', 'Try it'),
  by.visitor('reseller-sub-users', '/reseller/sub-users', 'Try it'),
  by.admin('admin-statistics', '/admin/dashboard', 'Revenue by payment method'),
  by.admin('admin-accounts', '/admin/accounts', 'Showing'),
  by.support('support-trialpage', '/support/trialpage', 'Showing'),
  by.admin('admin-account-new', '/admin/accounts/new', 'Create account'),
  by.admin(
    'admin-add-subscription',
    `/admin/accounts/${shop.customerId}/add-subscription`,
    'Give this account a plan at no charge.',
    {
      // A plan sold by GB with countries to choose from, so the whole form shows.
      act: async (page) => {
        const plan = page.getByLabel('Plan');
        const mobile = await plan.locator('option', { hasText: 'Mobile 4G/5G' }).first().getAttribute('value');
        await plan.selectOption(mobile);
        await page.getByLabel('Country').waitFor();
      },
    },
  ),
  by.support(
    'support-add-subscription',
    `/support/accounts/${shop.customerId}/add-subscription`,
    'Give this customer a trial plan.',
  ),
  by.customer('dashboard-staff-message', '/dashboard', 'Announcements', {
    // The demo customer keeps no message (other screens would show it); the real /auth/me answer
    // gets one added on the way to this page only, and the layout renders it as it renders any.
    act: async (page) => {
      await page.route('**/api/v1/auth/me', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.payload.staffMessage =
          'Your residential plan moves to new exits on Friday 28 November, 02:00 UTC. Nothing to do on your side; expect one reconnect.';
        await route.fulfill({ response, json: body });
      });
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByTestId('staff-notice').waitFor();
    },
  }),
  by.admin('admin-account', `/admin/accounts/${shop.customerId}`, 'Active plans'),
  by.admin('admin-account-actions', `/admin/accounts/${shop.customerId}`, 'Active plans', {
    // The actions menu open, as the viewport shows it.
    viewportOnly: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Actions' }).click();
      await page.getByRole('menuitem', { name: 'Change balance' }).waitFor();
    },
  }),
  by.admin('admin-account-audit', `/admin/accounts/${shop.customerId}?tab=audit`, 'Showing'),
  by.admin('admin-account-edit', `/admin/accounts/${shop.customerId}/edit`, 'Referral reward'),
  by.admin('admin-account-balance', `/admin/accounts/${shop.customerId}/balance`, 'Latest ledger entries'),
  by.support('support-account', `/support/accounts/${shop.customerId}`, 'Help this customer'),
  by.support('support-account-plan-actions', `/support/accounts/${shop.customerId}`, 'Help this customer', {
    viewportOnly: true,
    act: rowAction('Add bandwidth'),
  }),
  by.customer('plans', '/plans', 'Residential Rotating'),
  by.customer('purchase-plan-picker', '/purchase-plan', 'Mobile 4G/5G'),
  by.customer('purchase-plan', `/purchase-plan/${shop.planId}/10`, 'Subtotal'),
  by.customer('purchase-plan-coupon', `/purchase-plan/${shop.planId}/10`, 'Subtotal', {
    // The order summary with the demo coupon priced in before paying.
    act: async (page) => {
      await page.getByLabel('Coupon code (optional)').fill('WELCOME10');
      await page.getByText('Coupon WELCOME10').waitFor();
    },
  }),
  by.customer('topup', '/topup', 'Current balance'),
  by.customer('payment-success', `/dashboard/payment-success/${shop.billId}`, 'Payment received'),
  by.customer('payment-failed', '/dashboard/payment-failed', 'Payment failed'),
  by.customer('invoices', '/invoices', 'Showing'),
  by.customer('bill', `/bill/${shop.billId}`, 'Invoices for'),
  by.customer('invoice', `/invoice/${shop.invoiceId}`, 'Bill to'),
  by.customer('my-coupons', '/my-coupons', 'SPRING10'),
  by.admin('admin-plans', '/admin/plans', 'Showing'),
  by.admin('admin-legal', '/admin/legal', 'Save Terms of Service'),
  by.admin('admin-website-management', '/admin/website-management', 'Preview: the public footer'),
  by.admin(
    'admin-website-management-announcements',
    '/admin/website-management?section=announcements',
    'Preview: the customer dashboard',
  ),
  by.admin('admin-website-management-faq', '/admin/website-management?section=faq', 'Preview: the FAQ page'),
  by.admin(
    'admin-website-management-prices',
    '/admin/website-management?section=prices',
    'Residential time extensions',
  ),
  by.admin(
    'admin-website-management-own-servers',
    '/admin/website-management?section=own-servers',
    'Allowed internal targets',
  ),
  by.admin('admin-general-logs', '/admin/general-logs', 'Save retention'),
  by.admin('admin-system', '/admin/system', 'Instances and gateway nodes'),
  by.admin('admin-general-logs-open', '/admin/general-logs?action=account', 'Showing', {
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Show details of/ })
        .first()
        .click();
      // The phone's cards and the desktop table both hold the row; only one of them shows.
      await page.locator('[data-testid="log-details"]:visible').first().waitFor();
    },
  }),
  by.admin('admin-productmanage', '/admin/productmanage', 'Save Residential'),
  by.admin('admin-productapi', '/admin/productapi', 'Test connection'),
  by.admin('admin-plans-new', '/admin/plans/new', 'Bandwidth prices'),
  by.admin('admin-coupons', '/admin/coupons', 'Showing'),
  by.admin('admin-coupons-new', '/admin/coupons/new', 'Coupon type'),
  by.admin('admin-invoices', '/admin/invoices', 'Showing'),
  by.admin('admin-bill', `/adminbill/${shop.billId}`, 'Invoices for'),
  by.admin('admin-invoice', `/admininvoice/${shop.invoiceId}`, 'Bill to'),
  // The renewal prices the server computes from the plan's fields.
  by.admin('admin-plans-edit', `/admin/plans/edit/${shop.planId}`, 'Add 30 days'),
  by.customer('dashboard-hide-depleted', '/dashboard', 'Announcements', {
    storage: { hideDepletedPlans: 'true' },
  }),
  by.customer('renew-dialog', '/dashboard', 'Announcements', {
    // The dialog with the server's price for the demo's first plan, as the viewport shows it.
    viewportOnly: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Renew' }).first().click();
      await page.getByRole('dialog').getByLabel('Price', { exact: true }).waitFor();
    },
  }),
  by.admin('admin-subscriptions', '/admin/subscriptions', 'Showing'),
  by.visitor('blog', '/blog', 'Guides, tutorials and proxy news'),
  by.visitor('blog-post', `/blog/${shop.blogPostSlug}`, 'On this page'),
  by.admin('admin-blogs', '/admin/blogs', 'Showing'),
  by.admin('admin-blog-new', '/admin/blogs/create', 'Publication date'),
  by.admin('admin-blog-edit', `/admin/blogs/edit/${shop.blogPostId}`, 'All changes saved'),
  by.admin('admin-blog-preview', `/admin/blogs/edit/${shop.blogPostId}`, 'All changes saved', {
    act: async (page) => {
      await page.getByRole('button', { name: 'Preview post' }).click();
      await page.getByText('Preview: this is how the post will look').waitFor();
    },
  }),
  by.admin('admin-category', '/admin/category', 'Showing'),
  by.customer('tickets', '/ticket', 'Showing'),
  by.customer('tickets-new', '/ticket?new=1', 'Showing', {
    // The form's own messages, as a customer who sends it empty sees them.
    act: async (page) => {
      await page.getByRole('button', { name: 'Open ticket' }).click();
      await page.getByText('Choose a category').last().waitFor();
    },
  }),
  by.customer('ticket', `/ticket/${shop.ticketId}`, 'Your proxy password was rotated'),
  by.admin('admin-tickets', '/admin/tickets', 'Showing'),
  by.support('support-tickets', '/support/tickets', 'Showing'),
  by.support('support-ticket', `/support/tickets/${shop.ticketId}`, 'Thanks for the screenshot'),
  by.customer('customer-notifications', '/dashboard', 'Announcements', {
    viewportOnly: true,
    act: openBell,
  }),
  by.admin('admin-change-requests', '/admin/change-requests', 'Showing'),
  by.admin('admin-change-request-approve', '/admin/change-requests', 'Showing', {
    viewportOnly: true,
    // Pending requests come first.
    act: rowAction('Approve', { name: 'Approve this change?' }),
  }),
  by.admin('admin-suggestions', '/admin/suggestions', 'Showing'),
  by.support('support-suggestions', '/support/suggestions', 'Showing'),
  by.admin('admin-ticket', `/admin/tickets/${shop.ticketId}`, 'Recent payments'),
  by.admin('admin-notifications', '/admin/tickets', 'Showing', {
    viewportOnly: true,
    act: openBell,
  }),
  by.admin('admin-mail-sender', '/admin/mail-sender', 'Showing'),
  by.admin('admin-mail-campaign', `/admin/mail-sender/${shop.campaignId}`, 'Recipients', {
    act: mailPreview,
  }),
  by.admin('admin-mail-draft', `/admin/mail-sender/${shop.campaignDraftId}`, 'Send test to myself', {
    act: mailPreview,
  }),
  by.admin('admin-mail-send-confirm', `/admin/mail-sender/${shop.campaignDraftId}`, 'Send test to myself', {
    viewportOnly: true,
    // The confirmation naming how many receive it; closed without sending.
    act: opensDialog('Send…'),
  }),
  // The reseller programme (ADR 042): a customer outside it, and the demo member (prepareMember).
  by.customer('reseller-dashboard-apply', '/dashboard/reseller-dashboard', 'Apply to the reseller programme'),
  by.customer('subuser-management-outside', '/subuser-management', 'Sub-users are part of the reseller programme'),
  by.member('reseller-dashboard', '/dashboard/reseller-dashboard', 'GB delivered per day'),
  by.member('reseller-dashboard-key', '/dashboard/reseller-dashboard', 'Reseller API key', {
    viewportOnly: true,
    // The key shown once (creates the member's key, or replaces it on a later run).
    act: async (page) => {
      const replace = page.getByRole('button', { name: 'Replace key' });
      if (await replace.count()) {
        await replace.click();
        await page.getByRole('dialog').getByRole('button', { name: 'Replace key' }).click();
      } else await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByTestId('reseller-api-key').scrollIntoViewIfNeeded();
    },
  }),
  by.member('subuser-management', '/subuser-management', 'Showing'),
  by.member('subuser-management-open', `/subuser-management?subUser=${shop.memberSubUserId}`, 'Usage per day'),
  by.member('subuser-management-sell', `/subuser-management?subUser=${shop.memberSubUserId}`, 'Usage per day', {
    viewportOnly: true,
    act: sellPlan('80'),
  }),
  // The reseller panel of the demo reseller=1 account (ADR 044). Nothing here changes its key or balance:
  // reseller-day.spec.ts watches both.
  by.reseller('reseller-panel', '/reseller/panel', 'GB delivered per day'),
  by.reseller('reseller-panel-orders', '/reseller/panel/orders', 'Plans you bought or sold'),
  by.reseller('reseller-panel-sub-users', '/reseller/panel/sub-users', 'Showing'),
  by.reseller('reseller-panel-sub-user', `/reseller/panel/sub-users/${shop.resellerSubUserId}`, 'Usage per day'),
  by.reseller('reseller-panel-sell', `/reseller/panel/sub-users/${shop.resellerSubUserId}`, 'Usage per day', {
    viewportOnly: true,
    // The sale filled in, not sent.
    act: sellPlan('10'),
  }),
  by.reseller('reseller-panel-api-key', '/reseller/panel/api-key', 'Calling the reseller API'),
  by.admin('admin-resellers', '/admin/reselleracc', 'Showing'),
  by.admin('admin-reseller-applications', '/admin/reselleracc?view=applications', 'Showing'),
  by.admin('admin-reseller-refuse', '/admin/reselleracc?view=applications&status=pending', 'Showing', {
    // The refusal dialog after sending it empty: the reason is required and says why; nothing is sent.
    act: async (page) => {
      await page.getByRole('button', { name: 'Refuse manager' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Refuse application' }).click();
      await dialog.getByText('Say why').waitFor();
    },
  }),
  by.admin('admin-reseller-approve', '/admin/reselleracc?view=applications&status=pending', 'Showing', {
    // The approval dialog with the terms form; closed without approving.
    act: opensDialog('Approve manager'),
  }),
  by.admin('admin-reseller-reject', '/admin/reselleracc?view=applications&status=pending', 'Showing', {
    act: opensDialog('Refuse manager'),
  }),
  by.admin('admin-reseller-new', '/admin/reseller/new', 'Pool & whitelists'),
  by.admin('admin-reseller-edit', `/admin/reseller/${shop.resellerId}/edit`, 'Rotate key'),
  by.admin('admin-reseller-key', `/admin/reseller/${shop.resellerId}/edit`, 'Rotate key', {
    // The shown-once panel after a rotation (rotates the demo reseller's key).
    act: async (page) => {
      await page.getByRole('button', { name: 'Rotate key' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate key' }).click();
      await page.getByTestId('api-key').waitFor();
    },
  }),
  by.admin('admin-subscription-edit', `/admin/subscriptions/edit/${shop.billId}`, 'Add bandwidth'),
  by.customer('generator', `/generator/${shop.billId}`, 'Proxy list builder'),
  by.customer('generator-sticky', `/generator/${shop.billId}`, 'Proxy list builder', {
    act: async (page) => {
      await page.getByRole('radio', { name: 'Sticky' }).check();
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByTestId('rotation-link').waitFor();
    },
  }),
  by.customer('my-profile-automation', '/my-profile', 'Usage alerts', {
    act: async (page) => {
      await page
        .getByRole('table', { name: 'Webhook delivery log' })
        .or(page.getByRole('list', { name: 'Webhook delivery log' }))
        .first()
        .waitFor();
      await page.getByText('Save auto top-up').waitFor();
    },
  }),
  // Setup guides: one with the customer's own values filled in, one as a visitor sees it.
  by.customer('guide-switchy-omega', `/guide/switchy-omega-proxy?plan=${shop.billId}`, 'Your connection values'),
  by.visitor('guide-integration-codes', '/guide/integration-codes', 'Go (net/http)'),
  by.customer('proxy-usage', `/proxy-usage?subscriptionId=${shop.billId}`, 'Top countries'),
  by.customer('referral', '/referral', 'Your referral link'),
  by.customer('rewards', '/referral/rewards', 'Loyalty tiers'),
  by.customer('topup-gift', '/topup', 'Gift code', {
    viewportOnly: true,
    // A code that does not exist, as a customer who mistyped it sees the answer.
    act: async (page) => {
      await page.getByRole('form', { name: 'Redeem a gift code' }).getByLabel('Code').fill('NOT-A-CODE');
      await page.getByRole('button', { name: 'Redeem' }).click();
      await page.getByText('This gift code does not exist').waitFor();
    },
  }),
  by.admin('admin-partners', '/admin/partnersurl/statistic', 'Showing'),
  by.admin('admin-partner-new', '/admin/partnerslink/new', 'Register domain'),
  by.admin('admin-giftmanage', '/admin/giftmanage', 'Showing'),
  by.admin('admin-giftmanage-open', '/admin/giftmanage', 'Showing', {
    // The code's row opened to who redeemed it.
    act: async (page) => {
      await page.getByRole('button', { name: 'Who redeemed SPRING-GIFT-5' }).click();
      await page.getByRole('list', { name: 'Redemptions' }).waitFor();
    },
  }),
  by.admin('admin-gift-new', '/admin/giftmanage', 'Showing', {
    viewportOnly: true,
    act: opensDialog('New gift code'),
  }),
  by.admin('admin-account-rewards', `/admin/accounts/${shop.customerId}?tab=rewards`, 'Referral programme'),
  by.admin(
    'admin-website-management-rewards',
    '/admin/website-management?section=rewards',
    'Referral holding period (days)',
  ),
];

/**
 * A `signIn(request, account)` that answers each account's sign-in payload, signing in once: sign-in
 * is rate limited, so the walks over every page reuse one session per account.
 */
export function signInOnce(baseURL) {
  const sessions = new Map();
  return async (request, account) => {
    if (sessions.has(account)) return sessions.get(account);
    const response = await request.post(`${baseURL}/api/v1/auth/login`, {
      data: { login: ACCOUNTS[account].username, password: ACCOUNTS[account].password },
    });
    if (!response.ok()) throw new Error(`Sign-in as ${account} failed: ${response.status()} ${await response.text()}`);
    const session = (await response.json()).payload;
    sessions.set(account, session);
    return session;
  };
}

/** The context's first page load starts in `theme`, signed in as `session` (or not), with `extra` storage keys. */
export function seedBrowser(context, { theme, session = null, extra = {} }) {
  return context.addInitScript(
    ([themeValue, sessionValue, extraKeys]) => {
      // The top page only: sandboxed frames (the mail preview) have no storage to seed.
      if (globalThis.top !== globalThis) return;
      // Once per tab: later loads keep what the app itself wrote (a sign-out, a theme switch).
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('theme', themeValue);
      for (const [key, value] of Object.entries(extraKeys)) localStorage.setItem(key, value);
      if (sessionValue) {
        localStorage.setItem('accessToken', sessionValue.accessToken);
        localStorage.setItem('user', JSON.stringify(sessionValue.user));
      }
    },
    [theme, session, extra],
  );
}

/** Opens one listed page and waits until it shows what it is for. */
export async function showPage(page, shot) {
  await page.goto(shot.path, { waitUntil: 'networkidle' });
  if (shot.waitFor) await page.getByText(shot.waitFor).first().waitFor();
  if (shot.act) await shot.act(page);
}
