/** The logo mark: a house with a warm door. Decorative; the brand name is the text beside it. */
export function LogoMark() {
  return (
    <svg className="logo-mark" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1d4e89" />
      <path d="M6 16 16 7l10 9v10H6z" fill="#ffffff" />
      <rect x="13" y="18" width="6" height="8" fill="#f2a93b" />
    </svg>
  );
}
