/** The five public pages, in the order of the header and footer menus (spec section 2). */
export interface NavItem {
  to: string;
  label: string;
}

export const NAV_LINKS: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/diensten', label: 'Diensten' },
  { to: '/onze-werkwijze', label: 'Onze Werkwijze' },
  { to: '/klussers', label: 'Onze Klussers' },
  { to: '/word-klusser', label: 'Word Klusser' },
];

/** The footer menu repeats the links; the last one reads "{brand} Klusser". */
export function footerLinks(brand: string): NavItem[] {
  return NAV_LINKS.map((item) => (item.to === '/word-klusser' ? { ...item, label: `${brand} Klusser` } : item));
}
