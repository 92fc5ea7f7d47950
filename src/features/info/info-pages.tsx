import { PageFrame } from '../../ui/page-frame.tsx';
import { CookieIcon, DocumentIcon, HelpIcon, LockIcon, ScaleIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import './info.css';

const SUPPORT = 'support@skinfans.local';

const FAQ: { q: string; a: string }[] = [
  { q: 'What are coins?', a: 'Coins are the arena’s currency. You deposit to get them, spend them on cases and battle seats, and withdraw them. One coin is 100 cents; every amount is kept in whole cents.' },
  { q: 'How do I open a case?', a: 'Pick a case on the Cases page, buy one or more openings and spin them one by one. Each drop goes to your inventory, where you can keep it or sell it back at its price.' },
  { q: 'How does a battle work?', a: 'Two to five seats open the same cases round by round. In a standard battle the highest total takes every drop; crazy, terminal, share, kings and rob change who wins.' },
  { q: 'Can I check that results are fair?', a: 'Yes. Every drop comes from a ticket computed from a server seed you see hashed in advance, your client seed and a nonce. The Provably Fair page explains the formula and lets you check any game.' },
  { q: 'Why does my balance show sponsored coins?', a: 'Partners can be sponsored: part of the balance is playable only and becomes withdrawable once the partner challenge is complete.' },
  { q: 'What is the vault?', a: 'A place to park coins away from your playing balance, optionally locked for a while so you cannot spend them on impulse.' },
  { q: 'How do I take a break?', a: 'Set a rest period in your account settings. During it you cannot open cases or join battles; deposits and withdrawals still work, and support cannot lift it early.' },
];

/** /faq */
export function FaqPage() {
  return (
    <PageFrame area="info" icon={<HelpIcon />} eyebrow="Help" title="Frequently asked questions" lead="Quick answers about coins, cases, battles and fairness." narrow>
      <div className="faq">
        {FAQ.map((item) => (
          <details key={item.q} className="faq-item">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
      <p className="info-contact">
        Still stuck? Write to <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>.
      </p>
    </PageFrame>
  );
}

/** /terms */
export function TermsPage() {
  return (
    <PageFrame area="info" icon={<DocumentIcon />} eyebrow="Legal" title="Terms of service" lead="The rules of using the arena." narrow>
      <div className="prose">
        <p>By using SkinFans Arena you confirm that you are over 18 years old and that playing is legal where you are.</p>
        <h2>Accounts</h2>
        <p>One account per person. Keep your login to yourself; you are responsible for what happens on your account.</p>
        <h2>Coins and items</h2>
        <ul>
          <li>Coins are credited after a deposit is confirmed and can be spent on cases, battles and other games.</li>
          <li>Drops are decided by provably fair tickets and cannot be reversed once made.</li>
          <li>Sponsored coins are playable only until their challenge is complete.</li>
        </ul>
        <h2>Fair play</h2>
        <p>Abuse of bugs, automation and multiple accounts lead to a suspension of the account and its balance.</p>
        <h2>Breaks and limits</h2>
        <p>
          You can take a break at any time. Read more in the <PathLink to="/faq">FAQ</PathLink>.
        </p>
      </div>
    </PageFrame>
  );
}

/** /privacy */
export function PrivacyPage() {
  return (
    <PageFrame area="info" icon={<LockIcon />} eyebrow="Legal" title="Privacy policy" lead="What we keep about you, and why." narrow>
      <div className="prose">
        <p>We keep what the arena needs to run your account: your name, your balance and its history, your games and items.</p>
        <h2>Payments</h2>
        <p>Payment providers receive only what they need for a payment. We never see your card number.</p>
        <h2>Cookies and storage</h2>
        <p>
          Cookies keep you signed in; local storage keeps your settings and the pages you opened, so the arena works offline. See the{' '}
          <PathLink to="/cookie">cookie policy</PathLink>.
        </p>
        <h2>Your rights</h2>
        <p>
          Ask for a copy of your data, or its deletion, at <a href={`mailto:${SUPPORT}`}>{SUPPORT}</a>.
        </p>
      </div>
    </PageFrame>
  );
}

/** /aml */
export function AmlPage() {
  return (
    <PageFrame area="info" icon={<ScaleIcon />} eyebrow="Legal" title="Anti-money-laundering policy" lead="How we keep the arena clean of dirty money." narrow>
      <div className="prose">
        <p>Deposits and withdrawals are checked for signs of money laundering and fraud.</p>
        <ul>
          <li>Withdrawals go back to the player, never to third parties.</li>
          <li>Large or unusual movements may need account verification before they are paid.</li>
          <li>Payments from sources that fail verification are declined.</li>
        </ul>
        <p>Accounts involved in laundering are closed and reported where the law requires it.</p>
      </div>
    </PageFrame>
  );
}

/** /cookie */
export function CookiePage() {
  return (
    <PageFrame area="info" icon={<CookieIcon />} eyebrow="Legal" title="Cookie policy" lead="The few cookies the arena sets." narrow>
      <div className="prose">
        <ul>
          <li>
            <strong>Session cookies</strong> (access, refresh, session and device tokens) keep you signed in. They cannot be read by scripts.
          </li>
          <li>
            <strong>logged</strong> tells open tabs that you signed in or out, so they follow.
          </li>
          <li>
            <strong>version</strong> remembers the version of your saved settings for a year.
          </li>
          <li>
            <strong>rate_limited</strong> remembers a rate limit for a few seconds.
          </li>
        </ul>
        <p>We use no advertising or tracking cookies.</p>
      </div>
    </PageFrame>
  );
}
