import { LegalPage } from '../components/legal-page.tsx';

export default function PrivacyPolicyExtensionPage() {
  return (
    <LegalPage title="Browser extension privacy policy" updated="November 21, 2026">
      <section>
        <p>
          The Tollgate browser extension lets you switch your browser’s proxy settings to your Tollgate proxies in one
          click. This policy describes exactly what the extension can access and what it does with it.
        </p>
      </section>
      <section>
        <h2>Data the extension handles</h2>
        <ul>
          <li>
            <strong>Your proxy credentials and API key</strong>, which you enter yourself. They are kept in the
            extension’s local storage on your device and sent only to Tollgate to fetch your proxy list.
          </li>
          <li>
            <strong>Your proxy preferences</strong>: selected plan, country, rotation mode and bypass list, stored
            locally.
          </li>
          <li>
            <strong>Proxy settings of the browser</strong>: the extension needs the proxy permission to apply the proxy
            you choose and to restore the direct connection when you turn it off.
          </li>
        </ul>
      </section>
      <section>
        <h2>What the extension does not do</h2>
        <ul>
          <li>It does not read, collect or sell your browsing history or the content of the pages you visit.</li>
          <li>It does not inject ads, scripts or trackers into websites.</li>
          <li>It does not share any data with third parties.</li>
        </ul>
        <p>
          Traffic you send through a proxy passes our gateway like any proxy connection; we meter bytes for billing and
          keep connection logs for abuse prevention as described in our terms, never the content of encrypted traffic.
        </p>
      </section>
      <section>
        <h2>Retention and deletion</h2>
        <p>
          Everything the extension stores lives on your device. Removing the extension, or using its “Sign out” button,
          deletes it. Account data held by Tollgate can be deleted from your dashboard settings.
        </p>
      </section>
      <section>
        <h2>Changes and contact</h2>
        <p>
          We will update this page before any change to what the extension accesses, and the browser will ask you to
          approve new permissions. Contact privacy@tollgate.io with any questions.
        </p>
      </section>
    </LegalPage>
  );
}
