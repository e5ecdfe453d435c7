import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { telHref, useConfig } from '@klusmaat/shared-ui/config';
import { currentYearNL } from '@klusmaat/shared-ui/calendar';
import { footerLinks } from './navLinks';

const noSubscription = () => () => {};
const currentYear = () => currentYearNL();
const buildYear = () => __BUILD_YEAR__;

/**
 * The current year. A prerendered page was rendered with the build's year; hydration starts from
 * that one (no mismatch) and then shows the current year if it differs.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, currentYear, buildYear);
}

/** Site footer; shown only on the five public information pages (see visibility.ts). */
export function Footer() {
  const { brand, phone, email } = useConfig();
  const year = useCurrentYear();

  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-col">
          <h2 className="footer-heading">{brand}</h2>
          <p>
            Ervaren 65+ klussers, gescreend met een VOG, helpen u met kleine klussen in en om het huis. In Voorburg,
            Leidschendam en Wassenaar.
          </p>
        </div>
        <nav className="footer-col" aria-labelledby="footer-menu">
          <h2 id="footer-menu" className="footer-heading">
            Menu
          </h2>
          <ul className="footer-list">
            {footerLinks(brand).map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-col">
          <h2 className="footer-heading">Contact</h2>
          <ul className="footer-list">
            <li>
              <a href={telHref(phone)}>
                <span className="visually-hidden">Bel </span>
                {phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${email}`}>
                <span className="visually-hidden">Mail naar </span>
                {email}
              </a>
            </li>
          </ul>
        </div>
        <div className="footer-col">
          <h2 className="footer-heading">Voor Medewerkers</h2>
          <ul className="footer-list">
            <li>
              <Link to="/auth">Klusser Login</Link>
            </li>
            <li>
              {/* /admin/* is the admin console, a separate app: a full page load, not a client-side route. */}
              <a href="/admin/auth">Beheer Login</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="container copyright">
        © {year} {brand}. Alle rechten voorbehouden.
      </p>
    </footer>
  );
}
