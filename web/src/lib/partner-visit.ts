/**
 * Tells the server where a visitor arrived from (ADR 036): `?partner=<domain>` or another site's
 * address as the referrer. Once per page load, on the landing page only; the server counts a
 * registered partner's visitor once and sets its one first-party cookie. Nothing is stored here.
 */
export function notePartnerVisit(location: Location = window.location, referrer = document.referrer): void {
  const partner = new URLSearchParams(location.search).get('partner') ?? '';
  let external = '';
  try {
    if (referrer && new URL(referrer).host !== location.host) external = referrer;
  } catch {
    // An unreadable referrer is no referrer.
  }
  if (!partner && !external) return;
  void fetch('/api/v1/partners/visit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(partner ? { partner: partner.slice(0, 300) } : {}),
      ...(external ? { referrer: external.slice(0, 2048) } : {}),
    }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}
