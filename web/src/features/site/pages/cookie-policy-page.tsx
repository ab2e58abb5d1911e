import { LegalPage } from '../components/legal-page.tsx';

export default function CookiePolicyPage() {
  return (
    <LegalPage title="Cookie policy" updated="November 21, 2026">
      <section>
        <p>
          This policy explains how Tollgate (“we”, “us”) uses cookies and similar browser storage on tollgate websites
          and in the customer dashboard. We keep this to the minimum needed to run the service.
        </p>
      </section>
      <section>
        <h2>What we store and why</h2>
        <p>
          We do not use advertising or cross-site tracking cookies. The dashboard keeps a few values in your browser’s
          local storage:
        </p>
        <ul>
          <li>
            <strong>Sign-in token and account summary</strong>: keep you signed in between visits. They are removed when
            you log out or your session expires.
          </li>
          <li>
            <strong>Theme</strong>: remembers whether you chose the light or dark theme.
          </li>
          <li>
            <strong>Interface preferences</strong>: which panel and menu item you used last, whether you have read the
            FAQ and whether depleted plans are hidden.
          </li>
        </ul>
        <p>
          These values never leave your browser except the sign-in token, which is sent to our API to prove who you are.
        </p>
      </section>
      <section>
        <h2>Third-party services</h2>
        <p>
          When you pay by card or crypto you are sent to the payment provider’s own pages, which may set their own
          cookies for fraud prevention under their policies. Social sign-in, if you use it, works the same way.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can clear site data in your browser settings at any time; you will then be signed out and the theme resets
          to light. Blocking storage entirely prevents signing in to the dashboard, but the public pages keep working.
        </p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about this policy can be sent through a support ticket from your dashboard or to
          privacy@tollgate.io.
        </p>
      </section>
    </LegalPage>
  );
}
