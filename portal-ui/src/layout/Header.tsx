import { useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useConfig } from '@klusmaat/shared-ui/config';
import { LogoMark } from './LogoMark';
import { MenuSheet } from './MenuSheet';
import { NAV_LINKS } from './navLinks';

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul className="nav-list">
      {NAV_LINKS.map((item) => (
        <li key={item.to}>
          {/* NavLink sets aria-current="page" on the link of the current route. */}
          <NavLink to={item.to} end className="nav-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Sticky site header; on small screens the navigation opens in a side sheet. */
export function Header() {
  const { brand } = useConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{brand}</span>
        </Link>
        <nav className="main-nav" aria-label="Hoofdmenu">
          <NavList />
        </nav>
        <Link to="/aanvraag" className="button button-accent header-cta">
          Vraag een klusser aan
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="button button-secondary menu-button"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'zijmenu' : undefined}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span>Menu</span>
        </button>
      </div>
      {menuOpen && (
        <MenuSheet id="zijmenu" title="Menu" onClose={closeMenu} returnFocusTo={menuButton}>
          <nav aria-label="Hoofdmenu">
            <NavList onNavigate={closeMenu} />
          </nav>
          <Link to="/aanvraag" className="button button-accent sheet-cta" onClick={closeMenu}>
            Vraag een klusser aan
          </Link>
        </MenuSheet>
      )}
    </header>
  );
}
